import { and, eq, inArray } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { groupPermissions, permissions, userGroups, users } from '../db/schema'

/**
 * What a user holds, read inside the writing transaction: the checks that keep rights from climbing
 * (docs/security.md) decide from the database, not from a principal cached for a few seconds.
 */
export type Rights = { is_superuser: boolean; is_active: boolean; is_stuff: boolean; groups: number[]; codenames: Set<string> }

export async function rightsOf(db: Executor, userId: number): Promise<Rights | undefined> {
  const [user] = await db
    .select({ is_superuser: users.is_superuser, is_active: users.is_active, is_stuff: users.is_stuff })
    .from(users)
    .where(eq(users.user_id, userId))
  if (!user) return undefined
  const groups = (await db.select({ id: userGroups.permissions_group_id }).from(userGroups).where(eq(userGroups.user_id, userId))).map((g) => g.id)
  return { ...user, groups, codenames: new Set(await codenamesOfGroups(db, groups)) }
}

export async function codenamesOfGroups(db: Executor, groupIds: number[]): Promise<string[]> {
  if (groupIds.length === 0) return []
  const rows = await db
    .selectDistinct({ codename: permissions.codename })
    .from(groupPermissions)
    .innerJoin(permissions, eq(permissions.permission_id, groupPermissions.permission_id))
    .where(inArray(groupPermissions.permissions_group_id, groupIds))
  return rows.map((r) => r.codename)
}

export async function codenamesOfPermissions(db: Executor, permissionIds: number[]): Promise<string[]> {
  if (permissionIds.length === 0) return []
  return (await db.select({ codename: permissions.codename }).from(permissions).where(inArray(permissions.permission_id, permissionIds))).map((r) => r.codename)
}

/** A superuser holds every right, including ones added later. */
export function holdsAll(rights: Rights, codenames: Iterable<string>): boolean {
  if (rights.is_superuser) return true
  for (const codename of codenames) if (!rights.codenames.has(codename)) return false
  return true
}

/** Locks the active superusers' rows and tells whether one besides `userId` stays, so that two removals cannot race. */
export async function anotherActiveSuperuser(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.user_id })
    .from(users)
    .where(and(eq(users.is_superuser, true), eq(users.is_active, true)))
    .for('update')
  return rows.some((r) => r.id !== userId)
}

export const added = <T>(next: T[], current: T[]): T[] => [...new Set(next)].filter((x) => !current.includes(x))
