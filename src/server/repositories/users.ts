import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { User } from '../../shared/schemas/users'
import type { ListQuery } from '../../shared/schemas/common'
import type { Executor } from '../db/client'
import { permissionsGroups, userGroups, users } from '../db/schema'
import { likePattern, orderingOf, paged, withPage } from '../lib/listing'
import { fieldError } from '../lib/http-errors'

const publicColumns = {
  user_id: users.user_id,
  username: users.username,
  first_name: users.first_name,
  last_name: users.last_name,
  middle_name: users.middle_name,
  email: users.email,
  account_id: users.account_id,
  is_stuff: users.is_stuff,
  groups: sql<number[]>`coalesce((select array_agg(ug.permissions_group_id order by ug.permissions_group_id) from ${userGroups} ug where ug.user_id = ${users}.user_id), '{}')`,
}

function scope(accountId: number | null): SQL | undefined {
  return accountId === null ? undefined : eq(users.account_id, accountId)
}

export async function listUsers(db: Executor, accountId: number | null, query: ListQuery) {
  const search = query.search
    ? or(
        ilike(users.username, likePattern(query.search)),
        ilike(users.first_name, likePattern(query.search)),
        ilike(users.last_name, likePattern(query.search)),
        ilike(users.email, likePattern(query.search)),
      )
    : undefined
  const where = and(scope(accountId), search)
  const order = orderingOf(
    query.ordering,
    { username: users.username, first_name: users.first_name, last_name: users.last_name, email: users.email },
    [asc(users.username)],
    users.user_id,
  )
  const rows = withPage(db.select(publicColumns).from(users).where(where).orderBy(...order).$dynamic(), query) as unknown as Promise<User[]>
  return paged(rows, () => db.select({ count: count() }).from(users).where(where), normalizeGroups, query)
}

/** node-postgres gives int[] as numbers, PGlite's text parsing too; keep the shape explicit anyway. */
function normalizeGroups(user: User): User {
  return { ...user, groups: (user.groups ?? []).map(Number) }
}

export async function findUser(db: Executor, accountId: number | null, userId: number): Promise<User | undefined> {
  const [row] = await db
    .select(publicColumns)
    .from(users)
    .where(and(scope(accountId), eq(users.user_id, userId)))
  return row && normalizeGroups(row as User)
}

/** Sets a user's groups; an id that is not a group is the client's error. */
export async function setUserGroups(db: Executor, userId: number, groupIds: number[]): Promise<void> {
  const unique = [...new Set(groupIds)]
  if (unique.length > 0) {
    const found = await db.select({ id: permissionsGroups.permissions_group_id }).from(permissionsGroups).where(inArray(permissionsGroups.permissions_group_id, unique))
    if (found.length !== unique.length) throw fieldError('groups', 'Указана несуществующая группа')
  }
  await db.delete(userGroups).where(eq(userGroups.user_id, userId))
  if (unique.length > 0) await db.insert(userGroups).values(unique.map((id) => ({ user_id: userId, permissions_group_id: id })))
}

export async function usernameTaken(db: Executor, username: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db.select({ id: users.user_id }).from(users).where(sql`lower(${users.username}) = lower(${username})`)
  return row !== undefined && row.id !== exceptUserId
}
