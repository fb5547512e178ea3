import type { DBCore, Middleware } from 'dexie'
import { MeteringDb, offlineDb, type CounterRow, type PointRow } from '../../../src/client/offline'

let dbCount = 0

/** The user signed in on the device in most tests (an outbox entry's author), and a second one sharing the tablet. */
export const ME = 1
export const COLLEAGUE = 2

/** A database of its own for each test, deleted afterwards by `dispose`. */
export function freshDb(): MeteringDb {
  dbCount += 1
  return new MeteringDb(`metering-console-test-${dbCount}-${Math.random().toString(36).slice(2)}`)
}

export function dispose(db: MeteringDb): Promise<void> {
  return db.delete()
}

export function point(id: number, overrides: Partial<PointRow> = {}): PointRow {
  return {
    point_id: id,
    point_number: `PN-${id}`,
    name: `Точка ${id}`,
    address: `ул. Ленина, ${id}`,
    remark: null,
    customer_id: null,
    customer: null,
    counter_id: null,
    has_counter: false,
    point_represents_number: 0,
    energy_limit: 5000,
    version: 1,
    ...overrides,
  }
}

export function counter(id: number, overrides: Partial<CounterRow> = {}): CounterRow {
  return { counter_id: id, serial_num: `SN${id}`, point_id: null, coeff: 1, coeff_voltage: 1, version: 1, ...overrides }
}

/** A clock the test moves by hand, with a fixed jitter so back-off delays are exact. */
export function manualClock(start = 1_700_000_000_000) {
  let now = start
  return {
    now: () => now,
    random: () => 0.5,
    advance: (ms: number) => {
      now += ms
    },
  }
}

/** A token shaped as the server signs it (a JWT whose `sub` is the user id); the console reads only `sub`. */
export function tokenOf(userId: number): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: String(userId), iat: 1_700_000_000 })}.signature`
}

/** Dexie middleware that refuses every write to `table` as a full disk does. */
export const fullDisk = (table: string): Middleware<DBCore> => ({
  stack: 'dbcore',
  name: 'full-disk',
  create: (down) => ({
    ...down,
    table: (name) => {
      const tableOf = down.table(name)
      return name === table ? { ...tableOf, mutate: () => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')) } : tableOf
    },
  }),
})

/** The device's database reopened with `table` on a full disk, or (null) with the disk free again: middleware takes effect on opening. */
export async function reopenWithFullDisk(table: string | null): Promise<void> {
  offlineDb().close()
  if (table) offlineDb().use(fullDisk(table))
  else offlineDb().unuse({ stack: 'dbcore', name: 'full-disk' })
  await offlineDb().open()
}
