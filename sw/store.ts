/**
 * The service worker's own few values (the page's token, the last counts it saw) in a key-value store of
 * IndexedDB: a worker has no localStorage, and API answers never go to Cache Storage.
 */
const DB_NAME = 'metering-sw'
const STORE = 'kv'

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE)
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

async function run<T>(mode: IDBTransactionMode, action: (store: IDBObjectStore) => IDBRequest): Promise<T> {
  const db = await open()
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = action(db.transaction(STORE, mode).objectStore(STORE))
      request.onsuccess = () => resolve(request.result as T)
      request.onerror = () => reject(request.error)
    })
  } finally {
    db.close()
  }
}

export const swStore = {
  get: <T>(key: string): Promise<T | undefined> => run<T | undefined>('readonly', (store) => store.get(key)),
  set: (key: string, value: unknown): Promise<void> => run<void>('readwrite', (store) => store.put(value, key)),
  delete: (key: string): Promise<void> => run<void>('readwrite', (store) => store.delete(key)),
}
