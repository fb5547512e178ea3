import { offlineDb, type MeteringDb } from './db'
import type { ListPage, ListQuery } from './list-query'
import { listSnapshot, watchList } from './list-snapshot'
import { LISTS, listTable, type ListName, type ListRows } from './lists'
import { writeTransaction } from './write-transaction'
import type { AnyRow } from './entities'
import { entriesOf } from './local-rows'
import { rowAsSeenBy } from './seen-by'

const refreshedAtKey = (list: ListName): string => `refreshedAt:${list}`

export interface CacheReport {
  stored: number
  /** Rows left as they are on the device because edits of them still wait in the outbox. */
  keptLocal: number
}

/**
 * Mirrors rows the server sent. `complete: true` means `rows` is the whole list (page_size=all): cached
 * rows missing from it were deleted on the server and go too. `present` lists the id of every row the server
 * has when `rows` are only the changed ones (the background mirror): cached rows not among them go. Rows with
 * waiting outbox entries (any status) are never touched: the device's version is what the user edited and
 * still has to be sent.
 */
export function cacheServerRows<L extends ListName>(
  list: L,
  rows: readonly ListRows[L][],
  options: { complete: boolean; present?: readonly number[] },
  db: MeteringDb = offlineDb(),
): Promise<CacheReport> {
  const { key, entity } = LISTS[list]
  const table = listTable(db, list)
  return writeTransaction(db, async () => {
    const waiting = new Set<number>()
    if (entity) {
      await db.outbox
        .where('[entity+entityId]')
        .between([entity, -Infinity], [entity, Infinity])
        .each((entry) => {
          waiting.add(entry.entityId)
        })
    }
    const fresh = rows.filter((row) => !waiting.has(row[key] as number))
    const kept = options.present ?? (options.complete ? rows.map((row) => row[key] as number) : null)
    if (kept) {
      const onServer = new Set(kept)
      const cachedIds = await table.toCollection().primaryKeys()
      await table.bulkDelete(cachedIds.filter((id) => !onServer.has(id) && !waiting.has(id)))
    }
    await table.bulkPut(fresh)
    await db.meta.put({ key: refreshedAtKey(list), value: Date.now() })
    return { stored: fresh.length, keptLocal: rows.length - fresh.length }
  })
}

/**
 * Searches, sorts and pages the cached list in memory; answers like the server's list call. The rows carry every
 * waiting edit, whoever made it: screens read through `seenBy`.
 */
export async function queryCachedList<L extends ListName>(list: L, query: ListQuery = {}, db: MeteringDb = offlineDb()): Promise<ListPage<ListRows[L]>> {
  return (await listSnapshot(db, list)).query(query)
}

/** One cached row with every waiting edit applied, whoever made it: screens read through `seenBy`. */
export function getCachedRow<L extends ListName>(list: L, id: number, db: MeteringDb = offlineDb()): Promise<ListRows[L] | undefined> {
  return listTable(db, list).get(id)
}

/**
 * The device's copy as the signed-in user sees it (seen-by.ts): their own waiting edits on the server's rows, not
 * another user's (docs/offline.md, "A tablet several people sign in on").
 */
export function seenBy(viewer: number | null, db: MeteringDb = offlineDb()) {
  return {
    list: async <L extends ListName>(list: L, query: ListQuery = {}): Promise<ListPage<ListRows[L]>> => (await listSnapshot(db, list, viewer)).query(query),
    /** `server`: the server's row just read, which another user's waiting edit is then shown on instead of the copy's. */
    row: async <L extends ListName>(list: L, id: number, server?: ListRows[L]): Promise<ListRows[L] | undefined> => {
      const row = await listTable(db, list).get(id)
      const { entity } = LISTS[list]
      if (!entity) return row
      return rowAsSeenBy(row as AnyRow | undefined, await entriesOf(db, entity, id), viewer, server as AnyRow | undefined) as ListRows[L] | undefined
    },
  }
}

/** When rows of the list last came from the server (epoch ms), or null if never. */
export async function lastRefreshedAt(list: ListName, db: MeteringDb = offlineDb()): Promise<number | null> {
  const record = await db.meta.get(refreshedAtKey(list))
  return typeof record?.value === 'number' ? record.value : null
}

/** Calls `listener` after every change of the cached list, in this tab or another; returns the unsubscribe function. */
export function onCachedListChange(list: ListName, listener: () => void, db: MeteringDb = offlineDb()): () => void {
  return watchList(db, list, listener)
}
