import dayjs from 'dayjs'

/** A value of a series at a time; `y: null` is a measured gap (drawn as one), `estimated` an interval not fully measured. */
export type ChartPoint = { x: Date; y: number | null; estimated?: boolean; note?: string }
/** A point of a prepared series; `gap` marks a break the chart put in where the data skipped an interval. */
export type PlotPoint = ChartPoint & { gap?: true }
export type Datum = { x: Date; y: number | null }

const DAY = 86_400_000

/** Points in time order, with a break wherever the next one lies more than one and a half `step`s later. */
export function withGaps(points: ChartPoint[], step?: number): PlotPoint[] {
  const sorted = [...points].sort((a, b) => a.x.getTime() - b.x.getTime())
  if (!step) return sorted
  const out: PlotPoint[] = []
  sorted.forEach((point, i) => {
    const prev = sorted[i - 1]
    if (prev && point.x.getTime() - prev.x.getTime() > 1.5 * step) out.push({ x: new Date(prev.x.getTime() + step), y: null, gap: true })
    out.push(point)
  })
  return out
}

/**
 * A series as the lines draw it: `solid` joins two measured neighbours, `estimated` joins neighbours of which one is
 * estimated (drawn dashed and lighter), each with a null datum where a run stops so Victory breaks the line there;
 * `lone` are values with no value on either side, which no line can show.
 */
export function lineRuns(points: PlotPoint[]): { solid: Datum[]; estimated: Datum[]; lone: PlotPoint[] } {
  const runs = { solid: [] as Datum[], estimated: [] as Datum[] }
  const lastOf = { solid: -1, estimated: -1 }
  for (let i = 0; i + 1 < points.length; i++) {
    const a = points[i]!
    const b = points[i + 1]!
    if (a.y === null || b.y === null) continue
    const kind = a.estimated || b.estimated ? 'estimated' : 'solid'
    const run = runs[kind]
    if (lastOf[kind] !== i) {
      if (run.length > 0) run.push({ x: a.x, y: null })
      run.push({ x: a.x, y: a.y })
    }
    run.push({ x: b.x, y: b.y })
    lastOf[kind] = i + 1
  }
  const lone = points.filter((p, i) => p.y !== null && (points[i - 1]?.y ?? null) === null && (points[i + 1]?.y ?? null) === null)
  return { ...runs, lone }
}

/** The points inside [from, to]; a line keeps one point beyond each edge so it runs on to the chart's border. */
export function clipPoints(points: PlotPoint[], [from, to]: [number, number], keepNeighbours: boolean): PlotPoint[] {
  let first = points.findIndex((p) => p.x.getTime() >= from)
  if (first === -1) first = points.length
  let last = points.length - 1
  while (last >= 0 && points[last]!.x.getTime() > to) last--
  if (keepNeighbours) {
    first = Math.max(0, first - 1)
    last = Math.min(points.length - 1, last + 1)
  }
  return points.slice(first, last + 1)
}

/** The value axis: from zero (or the lowest value below it) to a little above the highest. */
export function valueDomain(values: number[]): [number, number] {
  // A loop, not Math.min(...values): an object of 100 points has 150 000 values in a month of half-hours.
  let lo = 0
  let hi = 0
  for (const v of values) {
    if (v < lo) lo = v
    if (v > hi) hi = v
  }
  if (lo === hi) return [lo, lo + 1]
  const pad = (hi - lo) * 0.05
  return [lo < 0 ? lo - pad : lo, hi > 0 ? hi + pad : hi]
}

/** The typical distance between neighbouring times, for bar widths when the chart is given no step. */
export function typicalStep(times: number[]): number {
  const steps = times
    .slice(1)
    .map((t, i) => t - times[i]!)
    .filter((d) => d > 0)
    .sort((a, b) => a - b)
  return steps[Math.floor(steps.length / 2)] ?? DAY
}

/** Time axis labels for a visible span: the day at midnight and the hour between, up to four months; then months, years. */
export function timeTickFormat(span: number): (d: Date) => string {
  if (span <= 120 * DAY) return (d) => dayjs(d).format(d.getHours() === 0 && d.getMinutes() === 0 ? 'DD.MM' : 'HH:mm')
  if (span <= 3 * 366 * DAY) return (d) => dayjs(d).format('MM.YYYY')
  return (d) => dayjs(d).format('YYYY')
}

/** The index of the time nearest to `t` in sorted `times` (-1 when there are none). */
export function nearestIndex(times: number[], t: number): number {
  if (times.length === 0) return -1
  let lo = 0
  let hi = times.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (times[mid]! < t) lo = mid + 1
    else hi = mid
  }
  return lo > 0 && t - times[lo - 1]! < times[lo]! - t ? lo - 1 : lo
}
