import { asc, count, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { collectingServers } from '../db/schema'
import { paged, withPage, type PageQuery } from '../lib/listing'

export function listCollectingServers(db: Executor, query: PageQuery) {
  const rows = withPage(db.select().from(collectingServers).orderBy(asc(collectingServers.data_collecting_server_id)).$dynamic(), query)
  return paged(
    rows,
    () => db.select({ count: count() }).from(collectingServers),
    (s) => ({ ...s, last_seen_at: s.last_seen_at?.toISOString() ?? null }),
    query,
  )
}

/** Makes sure the collecting server a service runs as exists, so that a fresh database can schedule tasks on it. */
export async function ensureCollectingServer(db: Executor, id: number): Promise<void> {
  await db.execute(sql`
    insert into collecting_servers (data_collecting_server_id, name) values (${id}, ${`Сервер сбора данных № ${id}`})
    on conflict (data_collecting_server_id) do nothing`)
  // Keep the sequence ahead of ids given explicitly.
  await db.execute(sql`select setval(pg_get_serial_sequence('collecting_servers', 'data_collecting_server_id'),
    greatest((select max(data_collecting_server_id) from collecting_servers), 1))`)
}
