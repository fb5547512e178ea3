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

/** A cell before rounding: null when nothing was measured, `partial` when some expected half-hours are missing. */
type Cell = { value: number | null; partial: boolean }

function pointCell(cells: PointSeries['cells'] | undefined, bucket: Bucket): Cell {
  const cell = cells?.get(bucket.start)
  if (!cell || cell.valid === 0 || cell.value === null) return { value: null, partial: bucket.expected > 0 }
  return { value: cell.value, partial: cell.valid < bucket.expected }
}

/** Sums cells with weights; a missing cell makes the total unknown, a partial one makes it partial. */
function weighted(cells: Cell[], weights: number[]): Cell {
  let value = 0
  let partial = false
  for (let i = 0; i < cells.length; i++) {
    const weight = weights[i]!
    if (weight === 0) continue
    const cell = cells[i]!
    if (cell.value === null) return { value: null, partial: partial || cell.partial }
    value += weight * cell.value
    partial ||= cell.partial
  }
  return { value, partial }
}

/**
 * The balance of an object: one row per bucket with each point's energy (or average power), the signed sum
 * (+1 in, -1 out, 0 shown but not summed) and the losses (in minus out, in units or in percent of in).
 * Sums are taken before rounding, so the rounding of each cell never accumulates.
 */
export function composeBalance(points: BalancePoint[], buckets: Bucket[], series: Map<number, PointSeries['cells']>, options: BalanceOptions): ProfileData {
  const unit = unitOf(options.energyFormat, options.reactive)
  const round = rounder(options.roundVal)
  const headers: BalanceHeader[] = [
    { key: TIME_KEY, title: T.balanceDate },
    ...points.map((p) => ({ key: pointKey(p.point_id), title: p.name, point_id: p.point_id, sign: p.sign, unit })),
    { key: SUM_KEY, title: T.balanceSum, unit },
  ]
  if (options.showLost) headers.push(options.showLostInPercentage ? { key: LOST_KEY, title: T.balanceLostPercent, unit: '%' } : { key: LOST_KEY, title: T.balanceLost, unit })

  const signs = points.map((p) => p.sign)
  const inWeights = signs.map((s) => (s === 1 ? 1 : 0))
  const outWeights = signs.map((s) => (s === -1 ? 1 : 0))
  const items: BalanceItem[] = buckets.map((bucket) => {
    // Average power over the bucket: energy x 60 / minutes.
    const scale = options.energyFormat === 'kv' ? 60 / bucket.minutes : 1
    const cells = points.map((p) => {
      const cell = pointCell(series.get(p.point_id), bucket)
      return cell.value === null ? cell : { ...cell, value: cell.value * scale }
    })
    const values: BalanceItem['values'] = {}
    const missing: string[] = []
    const put = (key: string, cell: Cell) => {
      values[key] = cell.value === null ? null : round(cell.value)
      if (cell.partial) missing.push(key)
    }
    points.forEach((p, i) => put(pointKey(p.point_id), cells[i]!))
    put(SUM_KEY, weighted(cells, signs))
    if (options.showLost) {
      const incoming = weighted(cells, inWeights)
      const outgoing = weighted(cells, outWeights)
      const partial = incoming.partial || outgoing.partial
      if (incoming.value === null || outgoing.value === null) put(LOST_KEY, { value: null, partial })
      else if (!options.showLostInPercentage) put(LOST_KEY, { value: incoming.value - outgoing.value, partial })
      else put(LOST_KEY, { value: incoming.value === 0 ? null : ((incoming.value - outgoing.value) / incoming.value) * 100, partial })
    }
    return { time: new Date(bucket.start).toISOString(), values, missing }
  })

  const points_colors: Record<string, string> = Object.fromEntries(points.map((p) => [pointKey(p.point_id), p.color]))
  points_colors[LOST_KEY] = options.lostColor
  return { headers, items, points_colors, lost_color: options.lostColor }
}
