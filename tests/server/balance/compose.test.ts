import { describe, expect, it } from 'vitest'
import { composeBalance, type BalanceOptions } from '../../../src/server/balance/compose'
import { rounder } from '../../../src/server/balance/rounding'
import { emptySeries, type Bucket, type PointSeries } from '../../../src/server/balance/series'

const options: BalanceOptions = { energyFormat: 'kvch', reactive: false, showLost: true, roundVal: 'roundWith2', lostColor: '#e53e3e', allowedImbalance: 5 }
const points = [
  { point_id: 1, name: 'Ввод 1', sign: 1, color: '#3182ce' },
  { point_id: 2, name: 'Ввод 2', sign: 1, color: '#38a169' },
  { point_id: 3, name: 'Отходящая', sign: -1, color: '#805ad5' },
]
const T0 = Date.UTC(2024, 2, 1, 21)
const bucket = (i: number, expected = 1, minutes = 30): Bucket => ({ start: T0 + i * 1_800_000, minutes, expected })
/** A point's series from [bucket index, energy or null, valid half-hours]. */
const cells = (entries: [number, number | null, number][]): PointSeries => {
  const series = emptySeries(entries.length)
  for (const [i, value, valid] of entries) {
    series.values[i] = value ?? NaN
    series.valid[i] = valid
  }
  return series
}

describe('rounding', () => {
  it('truncates, rounds to whole numbers and to 1..5 decimals, halves away from zero', () => {
    expect(rounder('trunc')(-2.7)).toBe(-2)
    expect(rounder('trunc')(2.7)).toBe(2)
    expect(rounder('round0')(2.5)).toBe(3)
    expect(rounder('round0')(-2.5)).toBe(-3)
    expect(rounder('roundWith1')(0.25)).toBe(0.3)
    expect(rounder('roundWith2')(1.005)).toBe(1.01)
    expect(rounder('roundWith5')(1.234565)).toBe(1.23457)
    expect(Object.is(rounder('trunc')(-0.4), -0)).toBe(false)
  })
})

describe('balance arithmetic', () => {
  it('takes Приём from + points, Отдача from - points, and Небаланс as in minus out, in units and in percent of in', () => {
    const series = new Map([
      [
        1,
        cells([
          [0, 10, 1],
          [1, 12.345, 1],
        ]),
      ],
      [
        2,
        cells([
          [0, 5, 1],
          [1, 0, 1],
        ]),
      ],
      [
        3,
        cells([
          [0, 13.5, 1],
          [1, 11.111, 1],
        ]),
      ],
    ])
    const data = composeBalance(points, [bucket(0), bucket(1)], series, options)
    expect(data.headers.map((h) => h.key)).toEqual(['time', 'p1', 'p2', 'p3', 'in', 'out', 'imbalance', 'imbalance_percent'])
    // (15 - 13.5) / 15 = 10 %, beyond the 5 % allowed
    expect(data.items[0]!.values).toEqual({ p1: 10, p2: 5, p3: 13.5, in: 15, out: 13.5, imbalance: 1.5, imbalance_percent: 10 })
    expect(data.items[0]!.flagged).toEqual(['imbalance', 'imbalance_percent'])
    // 12.345 + 0 - 11.111 = 1.234 -> 1.23 (rounded once, after summing); 1.234 / 12.345 = 9.996 %
    expect(data.items[1]!.values).toMatchObject({ p1: 12.35, in: 12.35, out: 11.11, imbalance: 1.23, imbalance_percent: 10 })
    expect(data.points_colors).toEqual({ p1: '#3182ce', p2: '#38a169', p3: '#805ad5', imbalance: '#e53e3e' })
    // The period: in 27.345, out 24.611, imbalance 2.734 = 9.998 % of in.
    expect(data.total!.values).toEqual({ p1: 22.35, p2: 5, p3: 24.61, in: 27.35, out: 24.61, imbalance: 2.73, imbalance_percent: 10 })
    expect(data.summary).toMatchObject({ incoming: 27.35, outgoing: 24.61, imbalance: 2.73, exceeded: true, no_outgoing: false })
    const relaxed = composeBalance(points, [bucket(0)], series, { ...options, allowedImbalance: 10 })
    expect(relaxed.items[0]!.flagged).toEqual([])
    expect(relaxed.summary.exceeded).toBe(false)
  })

  it('flags an object without outgoing points even though its rows add up', () => {
    const series = new Map([[1, cells([[0, 10, 1]])]])
    const data = composeBalance([points[0]!], [bucket(0)], series, options)
    expect(data.items[0]!.values).toEqual({ p1: 10, in: 10, out: 0, imbalance: 10, imbalance_percent: 100 })
    expect(data.summary).toMatchObject({ no_outgoing: true, no_incoming: false, exceeded: true })
  })

  it('shows a point with sign 0 but leaves it out of the balance', () => {
    const series = new Map([
      [1, cells([[0, 10, 1]])],
      [2, cells([[0, 99, 1]])],
      [3, cells([[0, 4, 1]])],
    ])
    const data = composeBalance([points[0]!, { ...points[1]!, sign: 0 }, points[2]!], [bucket(0)], series, options)
    expect(data.items[0]!.values).toEqual({ p1: 10, p2: 99, p3: 4, in: 10, out: 4, imbalance: 6, imbalance_percent: 60 })
  })

  it('turns energy into average power: energy x 60 / minutes of the bucket', () => {
    const series = new Map([[1, cells([[0, 120, 48]])]])
    const data = composeBalance([points[0]!], [{ start: T0, minutes: 1440, expected: 48 }], series, { ...options, energyFormat: 'kv' })
    expect(data.items[0]!.values.p1).toBe(5)
    expect(data.headers[1]!.unit).toBe('кВт')
  })

  it('never counts a missing interval as zero: the cell and the balance show it as missing', () => {
    const series = new Map([
      [
        1,
        cells([
          [0, 10, 1],
          [1, null, 0],
        ]),
      ],
      [
        2,
        cells([
          [0, 5, 1],
          [1, 5, 1],
        ]),
      ],
      [
        3,
        cells([
          [0, 12, 1],
          [1, 12, 1],
        ]),
      ],
    ])
    const data = composeBalance(points, [bucket(0), bucket(1)], series, options)
    expect(data.items[1]!.values).toEqual({ p1: null, p2: 5, p3: 12, in: null, out: 12, imbalance: null, imbalance_percent: null })
    expect(data.items[1]!.missing).toEqual(['p1', 'in', 'out', 'imbalance', 'imbalance_percent'])
    // The period's verdict leaves the unknown bucket out rather than count its Отдача as losses.
    expect(data.summary).toMatchObject({ incoming: 15, outgoing: 12, imbalance: 3, imbalance_percent: 20, partial: true })
    expect(data.total!.values).toMatchObject({ p1: 10, in: 20, out: 24 })
    expect(data.items[0]!.missing).toEqual([])
  })

  it('marks a day with some half-hours missing as incomplete but keeps what was measured', () => {
    const series = new Map([[1, cells([[0, 46, 46]])]])
    const data = composeBalance([points[0]!], [{ start: T0, minutes: 1440, expected: 48 }], series, { ...options, showLost: false })
    expect(data.items[0]!.values).toEqual({ p1: 46, in: 46, out: 0 })
    expect(data.items[0]!.missing).toEqual(['p1', 'in', 'out'])
  })

  it('does not flag buckets that are still in the future', () => {
    const data = composeBalance([points[0]!], [bucket(0, 0)], new Map(), options)
    expect(data.items[0]!.values.p1).toBeNull()
    expect(data.items[0]!.missing).toEqual([])
  })
})
