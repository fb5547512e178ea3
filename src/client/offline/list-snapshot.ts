import { Dexie } from 'dexie'
import type { MeteringDb } from './db'
import { rowId, type AnyRow } from './entities'
import { ListSnapshot } from './list-query'
import { LISTS, listTable, type ListName, type ListRows } from './lists'
import { rowsAsSeenBy, type Viewer } from './seen-by'

/** Keyed by database name and list, then by viewer, so every Dexie instance of one database shares its snapshots. */
const snapshots = new Map<string, Map<Viewer, Promise<ListSnapshot<unknown>>>>()
const listeners = new Map<string, Set<() => void>>()
let watchingStorage = false

const snapshotKey = (dbName: string, table: string): string => `${dbName}/${table}`
const EDITED_LISTS = (Object.keys(LISTS) as ListName[]).filter((list) => LISTS[list].entity !== null)

/**
 * Dexie fires `storagemutated` after every committed write, in this tab and (through BroadcastChannel)
 * in the others; its parts are named `idb://<database>/<table>/<index>`.
 */
function watchStorage(): void {
  if (watchingStorage) return
  watchingStorage = true
  Dexie.on('storagemutated', (parts) => {
    const changed = new Set<string>()
    for (const part of Object.keys(parts)) {
      const segments = part.replace(/^idb:\/\//, '').split('/')
      changed.add(snapshotKey(segments.slice(0, -2).join('/'), segments.at(-2) ?? ''))
    }
    // Whose edits wait decides what each viewer sees of a row: a change of the outbox is a change of every edited list.
    for (const key of [...changed].filter((key) => key.endsWith('/outbox'))) {
      const dbName = key.slice(0, -'/outbox'.length)
      for (const list of EDITED_LISTS) changed.add(snapshotKey(dbName, list))
    }
    for (const key of changed) {
      snapshots.delete(key)
      listeners.get(key)?.forEach((listener) => listener())
    }
  })
}

/**
 * The list held in memory as `viewer` sees it (seen-by.ts), read from IndexedDB on first use and again after any write
 * to it or to the outbox.
 */
export function listSnapshot<L extends ListName>(db: MeteringDb, list: L, viewer?: Viewer): Promise<ListSnapshot<ListRows[L]>> {
  watchStorage()
  const key = snapshotKey(db.name, list)
  const ofList = snapshots.get(key) ?? new Map<Viewer, Promise<ListSnapshot<unknown>>>()
  snapshots.set(key, ofList)
  let snapshot = ofList.get(viewer) as Promise<ListSnapshot<ListRows[L]>> | undefined
  if (!snapshot) {
    const definition = LISTS[list] as (typeof LISTS)[L]
    const { entity } = definition
    snapshot = Promise.all([
      listTable(db, list).toArray(),
      entity && viewer !== undefined ? db.outbox.where('[entity+entityId]').between([entity, -Infinity], [entity, Infinity]).toArray() : [],
    ]).then(([rows, entries]) => {
      const seen = entity && entries.length > 0 ? (rowsAsSeenBy(rows as AnyRow[], entries, (row) => rowId(entity, row), viewer) as ListRows[L][]) : rows
      return new ListSnapshot(seen, definition)
    })
    // A write during the read deletes this promise again, so the next read starts afresh.
    ofList.set(viewer, snapshot as Promise<ListSnapshot<unknown>>)
    const loading = snapshot
    loading.catch(() => {
      if (snapshots.get(key)?.get(viewer) === loading) snapshots.get(key)?.delete(viewer)
    })
  }
  return snapshot
}

/** Calls `listener` after each committed change of the cached list (any tab). Returns the unsubscribe function. */
export function watchList(db: MeteringDb, list: ListName, listener: () => void): () => void {
  watchStorage()
  const key = snapshotKey(db.name, list)
  const set = listeners.get(key) ?? new Set()
  listeners.set(key, set)
  set.add(listener)
  return () => {
    set.delete(listener)
    if (set.size === 0) listeners.delete(key)
  }
}
