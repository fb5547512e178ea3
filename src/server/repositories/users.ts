import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { User, UserCreate, UserUpdate } from '../../shared/schemas/users'
import type { ListQuery } from '../../shared/schemas/common'
import { T } from '../../shared/texts'
import type { Permission } from '../../shared/permissions'
import type { Executor } from '../db/client'
import { permissionsGroups, userGroups, users } from '../db/schema'
import { likePattern, listPage, orderingOf } from '../lib/listing'
import { badRequest, fieldError, forbidden, notFound } from '../lib/http-errors'
import { knownIds, nameTaken } from '../lib/known-ids'
import { verifyPassword } from '../lib/password'
import { added, anotherActiveSuperuser, codenamesOfGroups, holdsAll, rightsOf, type Rights } from './rights'

const publicColumns = {
  user_id: users.user_id,
  username: users.username,
  first_name: users.first_name,
  last_name: users.last_name,
  middle_name: users.middle_name,
  email: users.email,
  account_id: users.account_id,
  is_stuff: users.is_stuff,
  is_superuser: users.is_superuser,
  is_active: users.is_active,
  groups: sql<
    number[]
  >`coalesce((select array_agg(ug.permissions_group_id order by ug.permissions_group_id) from ${userGroups} ug where ug.user_id = ${users}.user_id), '{}')`,
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
  return listPage(db, { rows: db.select(publicColumns).from(users), counted: users, where, order }, query, (row) => normalizeGroups(row as User))
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
async function setUserGroups(db: Executor, userId: number, groupIds: number[]): Promise<void> {
  const unique = await knownIds(db, permissionsGroups.permissions_group_id, groupIds, fieldError('groups', T.groupUnknown))
  await db.delete(userGroups).where(eq(userGroups.user_id, userId))
  if (unique.length > 0) await db.insert(userGroups).values(unique.map((id) => ({ user_id: userId, permissions_group_id: id })))
}

const usernameTaken = (db: Executor, username: string, exceptUserId?: number) => nameTaken(db, users.username, users.user_id, username, exceptUserId)

export async function credentialVersionOf(db: Executor, userId: number): Promise<number> {
  const [row] = await db.select({ version: users.credential_version }).from(users).where(eq(users.user_id, userId))
  return row?.version ?? 0
}

async function requireRights(db: Executor, userId: number): Promise<Rights> {
  const rights = await rightsOf(db, userId)
  if (!rights) throw forbidden()
  return rights
}

/** The staff rights that reach what a subscriber reaches: their customer record, applications and files. */
const SUBSCRIBER_REACH: Permission[] = ['customers.view', 'requests.view', 'requests.change']

/**
 * A superuser is changed only by a superuser; anyone else only by someone holding every right they hold. A subscriber
 * holds no rights but reaches their own applications: whoever takes over the account reaches them too.
 */
function requireMayActOn(actor: Rights, target: Rights): void {
  if (actor.is_superuser) return
  if (target.is_superuser) throw forbidden(T.superuserOnly)
  if (!target.is_stuff && !holdsAll(actor, SUBSCRIBER_REACH)) throw forbidden(T.subscriberBeyondOwnRights)
  if (!holdsAll(actor, target.codenames)) throw forbidden(T.userBeyondOwnRights)
}

async function requireGrantable(db: Executor, actor: Rights, groupIds: number[]): Promise<void> {
  if (!holdsAll(actor, await codenamesOfGroups(db, groupIds))) throw forbidden(T.groupBeyondOwnRights)
}

/** Creates a staff user of the actor's account, in groups that hold only rights the actor holds. */
export async function createUser(db: Executor, actorId: number, accountId: number | null, input: UserCreate, passwordHash: string): Promise<number> {
  if (await usernameTaken(db, input.username)) throw fieldError('username', T.usernameTaken)
  await requireGrantable(db, await requireRights(db, actorId), input.groups)
  const { password: _, groups, ...columns } = input
  const [row] = await db
    .insert(users)
    .values({ ...columns, password_hash: passwordHash, account_id: accountId, is_stuff: true })
    .returning({ user_id: users.user_id })
  await setUserGroups(db, row!.user_id, groups)
  return row!.user_id
}

export type UserChange = Omit<UserUpdate, 'password' | 'current_password'> & { passwordHash?: string }

/** true when the password is the user's, undefined otherwise (the answer `passwordGuesses` counts). */
export async function passwordIsRight(db: Executor, userId: number, password: string): Promise<true | undefined> {
  const [row] = await db.select({ hash: users.password_hash }).from(users).where(eq(users.user_id, userId))
  return row && (await verifyPassword(password, row.hash)) ? true : undefined
}

/**
 * Applies an edit under the rules of docs/security.md: nobody changes their own groups or status, grants a group
 * with a right they lack, or acts on a user holding more than they do; the last active superuser stays. A new
 * password or a deactivation bumps the credential version, which ends the user's earlier tokens.
 */
export async function changeUser(db: Executor, actorId: number, before: User, change: UserChange): Promise<User> {
  const userId = before.user_id
  const target = await rightsOf(db, userId)
  if (!target) throw notFound()
  const self = actorId === userId
  const actor = await requireRights(db, actorId)
  if (!self) requireMayActOn(actor, target)
  const { groups, is_active, is_superuser, passwordHash, ...columns } = change
  if (groups !== undefined && added(groups, target.groups).length + added(target.groups, groups).length > 0) {
    if (self) throw forbidden(T.ownGroupsUnchangeable)
    await requireGrantable(db, actor, added(groups, target.groups))
  }
  const activeChanges = is_active !== undefined && is_active !== target.is_active
  const superuserChanges = is_superuser !== undefined && is_superuser !== target.is_superuser
  if (self && (activeChanges || superuserChanges)) throw forbidden(T.ownStatusUnchangeable)
  if (superuserChanges && !actor.is_superuser) throw forbidden(T.superuserOnly)
  const removesSuperuser = target.is_superuser && target.is_active && (is_active === false || is_superuser === false)
  if (removesSuperuser && !(await anotherActiveSuperuser(db, userId))) throw badRequest(T.lastSuperuser)
  if (columns.username !== undefined && (await usernameTaken(db, columns.username, userId))) throw fieldError('username', T.usernameTaken)
  const endsSessions = passwordHash !== undefined || (activeChanges && is_active === false)
  const set = {
    ...columns,
    ...(is_active === undefined ? {} : { is_active }),
    ...(is_superuser === undefined ? {} : { is_superuser }),
    ...(passwordHash === undefined ? {} : { password_hash: passwordHash }),
    ...(endsSessions ? { credential_version: sql`${users.credential_version} + 1` } : {}),
  }
  if (Object.keys(set).length > 0) await db.update(users).set(set).where(eq(users.user_id, userId))
  if (groups !== undefined) await setUserGroups(db, userId, groups)
  return (await findUser(db, null, userId))!
}

/** Deletes a user the actor may act on, never the last active superuser; their tokens end with the row. */
export async function removeUser(db: Executor, actorId: number, before: User): Promise<void> {
  const userId = before.user_id
  if (actorId === userId) throw badRequest(T.cannotDeleteSelf)
  const target = await rightsOf(db, userId)
  if (!target) throw notFound()
  requireMayActOn(await requireRights(db, actorId), target)
  if (target.is_superuser && target.is_active && !(await anotherActiveSuperuser(db, userId))) throw badRequest(T.lastSuperuser)
  await db.delete(users).where(eq(users.user_id, userId))
}

/** What signing in needs of a user, by login in any case. */
export async function findLogin(db: Executor, username: string) {
  const [user] = await db
    .select({ user_id: users.user_id, password_hash: users.password_hash, is_active: users.is_active, credential_version: users.credential_version })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
  return user
}

/** Replaces a password's hash made with older parameters, unless the password changed meanwhile. */
export async function replaceOutdatedHash(db: Executor, userId: number, outdated: string, hash: string): Promise<void> {
  await db
    .update(users)
    .set({ password_hash: hash })
    .where(and(eq(users.user_id, userId), eq(users.password_hash, outdated)))
}
