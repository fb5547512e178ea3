import type { Db } from '../../src/server/db/client'
import { factories } from '../helpers/factories'

/** Small factories for balance tests: points, meters and installations with their ratios. */
export function meteringFactory(db: Db) {
  const make = factories(db)
  return {
    point: (name: string) => make.point({ name }),
    counter: () => make.meter(),
    install: (point_id: number, counter_id: number, installed_at: Date, removed_at: Date | null, ratio: { coeff?: number; coeff_voltage?: number } = {}) =>
      make.install(point_id, counter_id, { at: installed_at, removedAt: removed_at, coeff: ratio.coeff, coeffVoltage: ratio.coeff_voltage }),
  }
}

/** An instant given in Moscow local time (UTC+3). */
export const msk = (local: string) => new Date(`${local}+03:00`)
