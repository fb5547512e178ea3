import { MeteringDb, type CounterRow, type PointRow } from '../../../src/client/offline'

let dbCount = 0

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
