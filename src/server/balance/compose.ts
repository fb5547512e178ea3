import type { BalanceHeader, BalanceItem, ProfileData } from '../../shared/schemas/represents'
import { T } from '../../shared/texts'
import { rounder } from './rounding'
import type { Bucket, PointSeries } from './series'

export type BalancePoint = { point_id: number; name: string; sign: number; color: string }

export type BalanceOptions = {
  energyFormat: 'kvch' | 'kv'
  reactive: boolean
  showLost: boolean
  showLostInPercentage: boolean
  roundVal: string
  lostColor: string
}

export const pointKey = (pointId: number) => `p${pointId}`
export const SUM_KEY = 'sum'
export const LOST_KEY = 'lost'
export const TIME_KEY = 'time'

export function unitOf(energyFormat: 'kvch' | 'kv', reactive: boolean): string {
  if (energyFormat === 'kv') return reactive ? 'квар' : 'кВт'
  return reactive ? 'квар·ч' : 'кВт·ч'
}

/**
 * The balance of an object: one row per bucket with each point's energy (or average power), the signed sum
 * (+1 in, -1 out, 0 shown but not summed) and the losses (in minus out, in units or in percent of in).
 * Sums are taken before rounding, so the rounding of each cell never accumulates.
 */
export function composeBalance(points: BalancePoint[], buckets: Bucket[], series: Map<number, PointSeries>, options: BalanceOptions): ProfileData {
  const unit = unitOf(options.energyFormat, options.reactive)
  const round = rounder(options.roundVal)
  const headers: BalanceHeader[] = [
    { key: TIME_KEY, title: T.balanceDate },
    ...points.map((p) => ({ key: pointKey(p.point_id), title: p.name, point_id: p.point_id, sign: p.sign, unit })),
    { key: SUM_KEY, title: T.balanceSum, unit },
  ]
  if (options.showLost) headers.push(options.showLostInPercentage ? { key: LOST_KEY, title: T.balanceLostPercent, unit: '%' } : { key: LOST_KEY, title: T.balanceLost, unit })

  const keys = points.map((p) => pointKey(p.point_id))
  const columns = points.map((p) => series.get(p.point_id))
  // Every row has the same keys: copying a template is about twice as fast as adding 100 keys one by one.
  const template: BalanceItem['values'] = Object.fromEntries([...keys, SUM_KEY, ...(options.showLost ? [LOST_KEY] : [])].map((key) => [key, null]))
  const items: BalanceItem[] = buckets.map((bucket, b) => {
    // Average power over the bucket: energy x 60 / minutes.
    const scale = options.energyFormat === 'kv' ? 60 / bucket.minutes : 1
    const values = { ...template }
    const missing: string[] = []
    // NaN stands for "unknown" below: it carries through the sums as a missing cell must.
    let sum = 0
    let incoming = 0
    let outgoing = 0
    let partial = false
    for (let i = 0; i < points.length; i++) {
      const column = columns[i]
      const valid = column ? column.valid[b]! : 0
      // An estimated or edited half-hour has a value but is not a valid one: it counts, and the cell is marked below.
      // The daily rollup gives 0 for a day of nothing but missing half-hours, which is no value either.
      const value = column && !(valid === 0 && column.values[b] === 0) ? column.values[b]! * scale : NaN
      const cellPartial = Number.isNaN(value) ? bucket.expected > 0 : valid < bucket.expected
      values[keys[i]!] = Number.isNaN(value) ? null : round(value)
      if (cellPartial) missing.push(keys[i]!)
      const sign = points[i]!.sign
      if (sign === 0) continue
      sum += sign * value
      if (sign === 1) incoming += value
      else if (sign === -1) outgoing += value
      partial ||= cellPartial
    }
    const put = (key: string, value: number) => {
      values[key] = Number.isNaN(value) ? null : round(value)
      if (partial) missing.push(key)
    }
    put(SUM_KEY, sum)
    if (options.showLost) {
      const lost = incoming - outgoing
      put(LOST_KEY, !options.showLostInPercentage ? lost : incoming === 0 ? NaN : (lost / incoming) * 100)
    }
    return { time: new Date(bucket.start).toISOString(), values, missing }
  })

  const points_colors: Record<string, string> = Object.fromEntries(points.map((p) => [pointKey(p.point_id), p.color]))
  points_colors[LOST_KEY] = options.lostColor
  return { headers, items, points_colors, lost_color: options.lostColor }
}
