import type { Page } from 'playwright-core'

/** How many rows a store of the console's IndexedDB holds, read in the page (0 before the database exists). */
export function storeCount(page: Page, store: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('metering-console')
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains(name)) {
            db.close()
            resolve(0)
            return
          }
          const count = db.transaction(name).objectStore(name).count()
          count.onsuccess = () => {
            db.close()
            resolve(count.result)
          }
          count.onerror = () => reject(count.error)
        }
      }),
    store,
  )
}

/** Waits until the store's row count satisfies `done` (background mirrors and replays write there). */
export async function waitForStoreCount(page: Page, store: string, done: (count: number) => boolean, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (let count = await storeCount(page, store); !done(count); count = await storeCount(page, store)) {
    if (Date.now() > deadline) throw new Error(`${store} still holds ${count} rows`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
