import { sql } from 'drizzle-orm'
import type { ReportPointHit } from '../../shared/schemas/reports'
import type { Executor } from '../db/client'
import { likePattern } from '../lib/listing'

const HITS = 20

/**
 * Points whose name or identifier contains the search (search_text holds both, lower-cased), with the objects
 * they belong to: the report picker reaches every point this way, one in no object too.
 */
export async function searchReportPoints(db: Executor, search: string): Promise<ReportPointHit[]> {
  const rows = (
    await db.execute(sql`
    select p.point_id, p.name, p.point_number,
           coalesce((select string_agg(r.name, ', ' order by r.name) from represent_points rp join represents r on r.represent_id = rp.represent_id
                     where rp.point_id = p.point_id), '') as object_name
    from points p where p.search_text like lower(${likePattern(search)})
    order by p.name, p.point_id limit ${HITS}`)
  ).rows as ReportPointHit[]
  return rows.map((r) => ({ point_id: Number(r.point_id), name: r.name, point_number: r.point_number, object_name: r.object_name }))
}
