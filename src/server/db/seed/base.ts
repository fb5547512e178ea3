import { count, eq, inArray, sql } from 'drizzle-orm'
import { PERMISSIONS, PERMISSION_CODES, VIEW_PERMISSIONS, type Permission } from '../../../shared/permissions'
import type { Executor } from '../client'
import { accounts, groupPermissions, permissions, permissionsGroups, userGroups, users } from '../schema'
import { hashPassword, randomPassword } from '../../lib/password'

/** Permissions follow the shared list on every start, so that a new codename appears without a migration. */
async function syncPermissions(db: Executor): Promise<void> {
  await db
    .insert(permissions)
    .values(PERMISSION_CODES.map((codename) => ({ codename, name: PERMISSIONS[codename] })))
    .onConflictDoUpdate({ target: permissions.codename, set: { name: sql`excluded.name` } })
}

const OPERATOR_PERMISSIONS: Permission[] = [
  ...VIEW_PERMISSIONS.filter((p) => !['users.view', 'groups.view', 'audit.view'].includes(p)),
  'points.change',
  'counters.change',
  'counters.install',
  'counters.poll',
  'represents.change',
  'tasks.change',
  'reports.export',
  'customers.change',
  'requests.change',
]

const SEED_GROUPS: Record<string, readonly Permission[]> = {
  Администраторы: PERMISSION_CODES,
  Операторы: OPERATOR_PERMISSIONS,
  Наблюдатели: VIEW_PERMISSIONS.filter((p) => !['users.view', 'groups.view', 'audit.view'].includes(p)),
}

async function createGroup(db: Executor, name: string, codes: readonly Permission[]): Promise<number> {
  const [group] = await db.insert(permissionsGroups).values({ name }).returning()
  const ids = await db
    .select({ id: permissions.permission_id })
    .from(permissions)
    .where(inArray(permissions.codename, [...codes]))
  if (ids.length) await db.insert(groupPermissions).values(ids.map(({ id }) => ({ permissions_group_id: group!.permissions_group_id, permission_id: id })))
  return group!.permissions_group_id
}

export type BaseSeedResult = { fresh: boolean; accountId: number; adminPassword?: string; groupIds: Record<string, number> }

/**
 * On a fresh database: the account, the three groups and the first administrator (its password from
 * ADMIN_PASSWORD or generated and returned to be printed once).
 */
export async function seedBase(db: Executor, options: { adminUsername: string; adminPassword?: string }): Promise<BaseSeedResult> {
  await syncPermissions(db)
  const [{ value: userCount } = { value: 0 }] = await db.select({ value: count() }).from(users)
  if (Number(userCount) > 0) {
    const [account] = await db.select().from(accounts).orderBy(accounts.account_id).limit(1)
    const groups = await db.select().from(permissionsGroups)
    return { fresh: false, accountId: account?.account_id ?? 0, groupIds: Object.fromEntries(groups.map((g) => [g.name, g.permissions_group_id])) }
  }
  const [account] = await db
    .insert(accounts)
    .values({
      name: 'АО «Горэлектросеть»',
      external_notify_email: 'zayavki@energosbyt.example',
      support_email: 'support@gorelectroset.example',
      inn: '7707083893',
    })
    .returning()
  const groupIds: Record<string, number> = {}
  for (const [name, codes] of Object.entries(SEED_GROUPS)) groupIds[name] = await createGroup(db, name, codes)
  const generated = options.adminPassword ? undefined : randomPassword()
  const [admin] = await db
    .insert(users)
    .values({
      username: options.adminUsername,
      password_hash: await hashPassword(options.adminPassword ?? generated!),
      first_name: 'Администратор',
      last_name: 'Системы',
      email: 'admin@gorelectroset.example',
      account_id: account!.account_id,
      is_stuff: true,
      is_superuser: true,
    })
    .returning()
  await db.insert(userGroups).values({ user_id: admin!.user_id, permissions_group_id: groupIds['Администраторы']! })
  return { fresh: true, accountId: account!.account_id, adminPassword: generated, groupIds }
}

/** Demo staff besides the administrator: an operator and an observer. */
export async function seedDemoStaff(db: Executor, base: BaseSeedResult): Promise<void> {
  const people = [
    { username: 'operator', first_name: 'Ольга', last_name: 'Смирнова', group: 'Операторы' },
    { username: 'viewer', first_name: 'Игорь', last_name: 'Петров', group: 'Наблюдатели' },
  ]
  for (const person of people) {
    const [existing] = await db.select().from(users).where(eq(users.username, person.username))
    if (existing) continue
    const [user] = await db
      .insert(users)
      .values({
        username: person.username,
        password_hash: await hashPassword('demo-password'),
        first_name: person.first_name,
        last_name: person.last_name,
        email: `${person.username}@gorelectroset.example`,
        account_id: base.accountId,
      })
      .returning()
    await db.insert(userGroups).values({ user_id: user!.user_id, permissions_group_id: base.groupIds[person.group]! })
  }
}
