import { asc, eq, ilike, sql } from 'drizzle-orm'
import type { Group, GroupInput } from '../../shared/schemas/groups'
import type { ListQuery } from '../../shared/schemas/common'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { groupPermissions, permissions, permissionsGroups } from '../db/schema'
import { fieldError, forbidden } from '../lib/http-errors'
import { knownIds, nameTaken } from '../lib/known-ids'
import { added, codenamesOfPermissions, holdsAll, rightsOf } from './rights'
import { likePattern, listPage, orderingOf } from '../lib/listing'

const groupColumns = {
  permissions_group_id: permissionsGroups.permissions_group_id,
  name: permissionsGroups.name,
  permissions: sql<Group['permissions']>`coalesce((
    select json_agg(json_build_object('permission_id', p.permission_id, 'codename', p.codename, 'name', p.name) order by p.permission_id)
    from ${groupPermissions} gp join ${permissions} p on p.permission_id = gp.permission_id
    where gp.permissions_group_id = ${permissionsGroups}.permissions_group_id), '[]'::json)`,
}

export async function listGroups(db: Executor, query: ListQuery) {
  const where = query.search ? ilike(permissionsGroups.name, likePattern(query.search)) : undefined
  const order = orderingOf(query.ordering, { name: permissionsGroups.name }, [asc(permissionsGroups.name)], permissionsGroups.permissions_group_id)
  return listPage(db, { rows: db.select(groupColumns).from(permissionsGroups), counted: permissionsGroups, where, order }, query, (row) => row as Group)
}

export async function findGroup(db: Executor, id: number): Promise<Group | undefined> {
  const [row] = await db.select(groupColumns).from(permissionsGroups).where(eq(permissionsGroups.permissions_group_id, id))
  return row as Group | undefined
}

async function setGroupPermissions(db: Executor, groupId: number, permissionIds: number[]): Promise<void> {
  const unique = await knownIds(db, permissions.permission_id, permissionIds, fieldError('permissions', T.permissionUnknown))
  await db.delete(groupPermissions).where(eq(groupPermissions.permissions_group_id, groupId))
  if (unique.length > 0) await db.insert(groupPermissions).values(unique.map((id) => ({ permissions_group_id: groupId, permission_id: id })))
}

const groupNameTaken = (db: Executor, name: string, exceptId?: number) =>
  nameTaken(db, permissionsGroups.name, permissionsGroups.permissions_group_id, name, exceptId)

/**
 * Nobody gives a group a right they do not hold themselves, nor takes one away: a member stripped of it would hold no
 * more than the actor, who could then set their password and have the account when the right is back (docs/security.md).
 */
async function requireHeld(db: Executor, actorId: number, permissionIds: number[], message: string): Promise<void> {
  const actor = await rightsOf(db, actorId)
  if (!actor || !holdsAll(actor, await codenamesOfPermissions(db, permissionIds))) throw forbidden(message)
}

export async function createGroup(db: Executor, actorId: number, input: GroupInput): Promise<number> {
  if (await groupNameTaken(db, input.name)) throw fieldError('name', T.groupNameTaken)
  await requireHeld(db, actorId, input.permissions, T.permissionBeyondOwnRights)
  const [row] = await db.insert(permissionsGroups).values({ name: input.name }).returning()
  await setGroupPermissions(db, row!.permissions_group_id, input.permissions)
  return row!.permissions_group_id
}

/** Renames a group or sets its rights; the rights it gains or loses must be the actor's, those it keeps need not. */
export async function changeGroup(db: Executor, actorId: number, before: Group, input: Partial<GroupInput>): Promise<Group> {
  const id = before.permissions_group_id
  if (input.name !== undefined) {
    if (await groupNameTaken(db, input.name, id)) throw fieldError('name', T.groupNameTaken)
    await db.update(permissionsGroups).set({ name: input.name }).where(eq(permissionsGroups.permissions_group_id, id))
  }
  if (input.permissions !== undefined) {
    const held = before.permissions.map((p) => p.permission_id)
    await requireHeld(db, actorId, added(input.permissions, held), T.permissionBeyondOwnRights)
    await requireHeld(db, actorId, added(held, input.permissions), T.rightsLossBeyondOwn)
    await setGroupPermissions(db, id, input.permissions)
  }
  return (await findGroup(db, id))!
}

/** Deletes a group whose every right the actor holds: its members lose them all. */
export async function deleteGroup(db: Executor, actorId: number, group: Group): Promise<void> {
  await requireHeld(
    db,
    actorId,
    group.permissions.map((p) => p.permission_id),
    T.rightsLossBeyondOwn,
  )
  await db.delete(permissionsGroups).where(eq(permissionsGroups.permissions_group_id, group.permissions_group_id))
}

export function listPermissions(db: Executor) {
  return db.select().from(permissions).orderBy(asc(permissions.permission_id))
}
