import type { DBCore, Middleware } from 'dexie'
import { MeteringDb, offlineDb, type CounterRow, type InstallationRow, type OutboxEntry, type PointRow } from '../../../src/client/offline'
import type { Counter } from '../../../src/shared/schemas/counters'

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

/** A meter as the API answers it (the shared schema): a Меркурий 230 ART on no point, polled, unless told. */
export function counterAnswer(id: number, overrides: Partial<Counter> = {}): Counter {
  return {
    counter_id: id,
    serial_num: `SN${id}`,
    point_id: null,
    coeff: 1,
    coeff_voltage: 1,
    version: 1,
    model_id: 1,
    model: { name: 'Меркурий 230 ART' },
    model_name: 'Меркурий 230 ART',
    counter_model_api: 1,
    point_number: null,
    point_name: null,
    install_date: null,
    is_current: false,
    last_install_date: null,
    last_takeoff_date: null,
    remark: '',
    is_active: true,
    counter_is_active: true,
    ...overrides,
  }
}

/** A clock the test moves by hand, with a fixed jitter so back-off delays are exact. */
type PointEntry = Extract<OutboxEntry, { entity: 'point' }>

/** An edit of point 1's remark in the device's outbox, made on version 1 and not sent yet. */
export function pointEdit(overrides: Partial<PointEntry> = {}): PointEntry {
  return {
    mutationId: '01J00000000000000000000001',
    author: ME,
    entity: 'point',
    op: 'update',
    entityId: 1,
    patch: { remark: 'щит в подвале' },
    baseVersion: 1,
    base: point(1),
    createdAt: 0,
    attempts: 0,
    nextAttemptAt: 0,
    status: 'pending',
    lastError: null,
    serverRow: null,
    ...overrides,
  }
}

/** A meter's current installation on a point as the mirror keeps it. */
export function installation(id: number, overrides: Partial<InstallationRow> = {}): InstallationRow {
  const counterId = overrides.counter_id ?? id
  return {
    point_counter_id: id,
    point_id: 1,
    counter_id: counterId,
    serial_num: `SN${counterId}`,
    model_id: 1,
    model_name: 'Меркурий 230 ART',
    counter_model_api: 1,
    coeff: 1,
    coeff_voltage: 1,
    install_date: '2024-03-01T09:00:00.000Z',
    takeoff_date: null,
    is_current: true,
    is_active: true,
    source: null,
    version: 1,
    conn_params: [],
    ...overrides,
  }
}

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
