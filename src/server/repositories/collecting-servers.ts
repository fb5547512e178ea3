import { asc, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { collectingServers } from '../db/schema'
import { listPage, type PageQuery } from '../lib/listing'

export function listCollectingServers(db: Executor, query: PageQuery) {
  return listPage(
    db,
    { rows: db.select().from(collectingServers), counted: collectingServers, order: [asc(collectingServers.data_collecting_server_id)] },
    query,
    (s) => ({ ...s, last_seen_at: s.last_seen_at?.toISOString() ?? null }),
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
