import type { BalanceHeader, BalanceItem, BalanceSummary, ProfileData } from '../../shared/schemas/represents'
import { T } from '../../shared/texts'
import { rounder } from './rounding'
import type { Bucket, PointSeries } from './series'

export type BalancePoint = { point_id: number; name: string; sign: number; color: string }

export type BalanceOptions = {
  energyFormat: 'kvch' | 'kv'
  reactive: boolean
  showLost: boolean
  roundVal: string
  lostColor: string
  /** Percent of the received energy the imbalance may reach (the object's allowed imbalance). */
  allowedImbalance: number
}

export const pointKey = (pointId: number) => `p${pointId}`
const IN_KEY = 'in'
const OUT_KEY = 'out'
const IMBALANCE_KEY = 'imbalance'
const IMBALANCE_PERCENT_KEY = 'imbalance_percent'
export const TIME_KEY = 'time'

function unitOf(energyFormat: 'kvch' | 'kv', reactive: boolean): string {
  if (energyFormat === 'kv') return reactive ? 'квар' : 'кВт'
  return reactive ? 'квар·ч' : 'кВт·ч'
}

/** Percents show two decimals whatever the object's rounding: 2.97 % truncated to 2 would hide what is flagged. */
const roundPercent = rounder('roundWith2')

/** In minus out, and its share of in (NaN when nothing came in). */
function imbalanceOf(incoming: number, outgoing: number): { imbalance: number; percent: number } {
  const imbalance = incoming - outgoing
  return { imbalance, percent: incoming === 0 ? NaN : (imbalance / incoming) * 100 }
}

/**
 * The balance of an object: one row per bucket with each point's energy (or average power), what the object
 * received (points with +), what it sent (points with -), and the imbalance between them in units and in percent
 * of the received; points with 0 are shown but not counted. A fully measured row whose imbalance is beyond the
 * allowed percent is flagged. The total row sums each column over the period; the summary judges the period's
 * balance over the buckets where every signed point was measured throughout. Sums are taken before rounding, so the
 * rounding of each cell never accumulates; an unknown cell (NaN) makes the row's in, out and imbalance unknown.
 */
export function composeBalance(points: BalancePoint[], buckets: Bucket[], series: Map<number, PointSeries>, options: BalanceOptions): ProfileData {
  const unit = unitOf(options.energyFormat, options.reactive)
  const energyUnit = unitOf('kvch', options.reactive)
  const round = rounder(options.roundVal)
  const headers: BalanceHeader[] = [
    { key: TIME_KEY, title: T.balanceDate },
    ...points.map((p) => ({ key: pointKey(p.point_id), title: p.name, point_id: p.point_id, sign: p.sign, unit })),
    { key: IN_KEY, title: T.balanceIn, unit },
    { key: OUT_KEY, title: T.balanceOut, unit },
  ]
  if (options.showLost) {
    headers.push({ key: IMBALANCE_KEY, title: T.balanceImbalance, unit }, { key: IMBALANCE_PERCENT_KEY, title: T.balanceImbalance, unit: '%' })
  }
  const allowed = options.allowedImbalance
  const beyond = (percent: number) => Math.abs(percent) > allowed

  const keys = points.map((p) => pointKey(p.point_id))
  const columns = points.map((p) => series.get(p.point_id))
  // NaN until a column has a measured cell: a column never measured totals to unknown, not to zero.
  const totals = new Float64Array(points.length).fill(NaN)
  const partialColumns = new Set<string>()
  let partialBalance = false
  // The verdict of the period counts only buckets where every signed point was measured throughout: a gap in
  // Отдача would otherwise pass for losses.
  let judged = 0
  let judgedIn = 0
  let judgedOut = 0
  // Every row has the same keys: copying a template is about twice as fast as adding 100 keys one by one.
  const template: BalanceItem['values'] = Object.fromEntries(headers.filter((h) => h.key !== TIME_KEY).map((h) => [h.key, null]))
  const items: BalanceItem[] = buckets.map((bucket, b) => {
    // Average power over the bucket: energy x 60 / minutes.
    const scale = options.energyFormat === 'kv' ? 60 / bucket.minutes : 1
    const values = { ...template }
    const missing: string[] = []
    let incoming = 0
    let outgoing = 0
    let energyIn = 0
    let energyOut = 0
    let partial = false
    for (let i = 0; i < points.length; i++) {
      const column = columns[i]
      const valid = column ? column.valid[b]! : 0
      // An estimated or edited half-hour has a value but is not a valid one: it counts, and the cell is marked below.
      // The daily rollup gives 0 for a day of nothing but missing half-hours, which is no value either.
      const energy = column && !(valid === 0 && column.values[b] === 0) ? column.values[b]! : NaN
      const cellPartial = Number.isNaN(energy) ? bucket.expected > 0 : valid < bucket.expected
      values[keys[i]!] = Number.isNaN(energy) ? null : round(energy * scale)
      if (!Number.isNaN(energy)) totals[i] = Number.isNaN(totals[i]!) ? energy : totals[i]! + energy
      if (cellPartial) {
        missing.push(keys[i]!)
        partialColumns.add(keys[i]!)
      }
      const sign = points[i]!.sign
      if (sign === 1) {
        incoming += energy * scale
        energyIn += energy
      } else if (sign === -1) {
        outgoing += energy * scale
        energyOut += energy
      } else continue
      partial ||= cellPartial
    }
    partialBalance ||= partial
    if (!partial && !Number.isNaN(energyIn + energyOut)) {
      judged++
      judgedIn += energyIn
      judgedOut += energyOut
    }
    const put = (key: string, value: number, rounding = round) => {
      values[key] = Number.isNaN(value) ? null : rounding(value)
      if (partial) missing.push(key)
    }
    put(IN_KEY, incoming)
    put(OUT_KEY, outgoing)
    if (!options.showLost) return { time: new Date(bucket.start).toISOString(), values, missing }
    const { imbalance, percent } = imbalanceOf(incoming, outgoing)
    put(IMBALANCE_KEY, imbalance)
    put(IMBALANCE_PERCENT_KEY, percent, roundPercent)
    const flagged = !partial && beyond(percent) ? [IMBALANCE_KEY, IMBALANCE_PERCENT_KEY] : []
    return { time: new Date(bucket.start).toISOString(), values, missing, flagged }
  })

  const period = judged ? imbalanceOf(judgedIn, judgedOut) : { imbalance: NaN, percent: NaN }
  const known = (value: number) => (Number.isNaN(value) ? null : round(value))
  const noIncoming = !points.some((p) => p.sign === 1)
  const noOutgoing = !points.some((p) => p.sign === -1)
  const summary: BalanceSummary = {
    incoming: judged ? round(judgedIn) : null,
    outgoing: judged ? round(judgedOut) : null,
    imbalance: known(period.imbalance),
    imbalance_percent: Number.isNaN(period.percent) ? null : roundPercent(period.percent),
    allowed_percent: allowed,
    unit: energyUnit,
    exceeded: options.showLost && beyond(period.percent),
    no_incoming: noIncoming,
    no_outgoing: noOutgoing,
    partial: partialBalance,
  }

  const points_colors: Record<string, string> = Object.fromEntries(points.map((p) => [pointKey(p.point_id), p.color]))
  points_colors[IMBALANCE_KEY] = options.lostColor
  const data: ProfileData = { headers, items, summary, points_colors, lost_color: options.lostColor }
  if (options.energyFormat === 'kvch') {
    const periodStart = new Date(buckets[0]?.start ?? 0).toISOString()
    data.total = totalRow(periodStart, points, keys, totals, partialColumns, summary, partialBalance, options.showLost, known)
  }
  return data
}

/** Each column summed over the period, what was measured of it (marked partial where something was not). */
function totalRow(
  periodStart: string,
  points: BalancePoint[],
  keys: string[],
  totals: Float64Array,
  partialColumns: Set<string>,
  summary: BalanceSummary,
  partial: boolean,
  showLost: boolean,
  known: (value: number) => number | null,
): BalanceItem {
  const values: BalanceItem['values'] = Object.fromEntries(keys.map((key, i) => [key, known(totals[i]!)]))
  const signed = (sign: number) => points.reduce((sum, p, i) => (p.sign === sign ? sum + totals[i]! : sum), 0)
  const [incoming, outgoing] = [signed(1), signed(-1)]
  values[IN_KEY] = known(incoming)
  values[OUT_KEY] = known(outgoing)
  const balanceKeys = [IN_KEY, OUT_KEY]
  if (showLost) {
    const { imbalance, percent } = imbalanceOf(incoming, outgoing)
    values[IMBALANCE_KEY] = known(imbalance)
    values[IMBALANCE_PERCENT_KEY] = Number.isNaN(percent) ? null : roundPercent(percent)
    balanceKeys.push(IMBALANCE_KEY, IMBALANCE_PERCENT_KEY)
  }
  const missing = [...keys.filter((key) => partialColumns.has(key)), ...(partial ? balanceKeys : [])]
  return { time: periodStart, values, missing, flagged: !partial && summary.exceeded ? [IMBALANCE_KEY, IMBALANCE_PERCENT_KEY] : [] }
}
