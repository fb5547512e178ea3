import { Dexie } from 'dexie'
import type { MeteringDb } from './db'
import { ListSnapshot } from './list-query'
import { LISTS, listTable, type ListName, type ListRows } from './lists'

/** Keyed by database name and list, so every Dexie instance of one database shares its snapshot. */
const snapshots = new Map<string, Promise<ListSnapshot<unknown>>>()
const listeners = new Map<string, Set<() => void>>()
let watchingStorage = false

const snapshotKey = (dbName: string, table: string): string => `${dbName}/${table}`

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
    for (const key of changed) {
      snapshots.delete(key)
      listeners.get(key)?.forEach((listener) => listener())
    }
  })
}

/** The list held in memory, read from IndexedDB on first use and again after any write to it. */
export function listSnapshot<L extends ListName>(db: MeteringDb, list: L): Promise<ListSnapshot<ListRows[L]>> {
  watchStorage()
  const key = snapshotKey(db.name, list)
  let snapshot = snapshots.get(key) as Promise<ListSnapshot<ListRows[L]>> | undefined
  if (!snapshot) {
    snapshot = listTable(db, list)
      .toArray()
      .then((rows) => new ListSnapshot(rows, LISTS[list] as (typeof LISTS)[L]))
    // A write during the read deletes this promise again, so the next read starts afresh.
    snapshots.set(key, snapshot as Promise<ListSnapshot<unknown>>)
    const loading = snapshot
    loading.catch(() => {
      if (snapshots.get(key) === loading) snapshots.delete(key)
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
