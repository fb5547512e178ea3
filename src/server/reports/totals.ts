import { sql } from 'drizzle-orm'
import type { Executor } from '../db/client'

const intArray = (ids: number[]) => `{${ids.join(',')}}`

/**
 * The points whose consumption a report's «Итого» adds. Objects nest as the network does (a substation, its
 * switchgear, a feeder, a transformer substation, a building), so the same energy is measured at every level:
 * adding every point counts it once per level. Each chosen branch is counted once, at its highest object that
 * has incoming points (sign +1); an object with none hands the count down to its children, and a branch with
 * no incoming point anywhere counts all its points. Points chosen directly outside the chosen objects count.
 */
export async function pointsInTotal(db: Executor, representIds: number[], pointIds: number[]): Promise<Set<number>> {
  const counted = new Set<number>()
  const inBranches = new Set<number>()
  if (representIds.length) {
    const rows = (
      await db.execute(sql`
      with recursive tree as (
        select represent_id, null::int as parent_id from represents where represent_id = any(${intArray(representIds)}::int[])
        union
        select r.represent_id, r.parent_id from represents r join tree t on r.parent_id = t.represent_id
      )
      select t.represent_id, t.parent_id, rp.point_id, rp.sign
      from tree t left join represent_points rp on rp.represent_id = t.represent_id`)
    ).rows as { represent_id: number; parent_id: number | null; point_id: number | null; sign: number | null }[]
    // A chosen object inside another chosen one comes twice: as a root and as a child; it counts as the child.
    const nodes = new Map(rows.map((r) => [r.represent_id, { children: new Set<number>(), incoming: new Set<number>(), all: new Set<number>() }]))
    const below = new Set<number>()
    for (const row of rows) {
      const n = nodes.get(row.represent_id)!
      if (row.parent_id !== null) {
        nodes.get(row.parent_id)!.children.add(row.represent_id)
        below.add(row.represent_id)
      }
      if (row.point_id === null) continue
      n.all.add(row.point_id)
      if (row.sign === 1) n.incoming.add(row.point_id)
      inBranches.add(row.point_id)
    }
    const count = (id: number): boolean => {
      const n = nodes.get(id)!
      if (n.incoming.size) {
        n.incoming.forEach((p) => counted.add(p))
        return true
      }
      const any = [...n.children].map(count).some(Boolean)
      if (!any) n.all.forEach((p) => counted.add(p))
      return any || n.all.size > 0
    }
    for (const id of representIds) if (nodes.has(id) && !below.has(id)) count(id)
  }
  for (const id of pointIds) if (!inBranches.has(id)) counted.add(id)
  return counted
}
