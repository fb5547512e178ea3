/** A bucket of the answer: its start, its length in minutes, and how many half-hours should have been measured by now. */
export type Bucket = { start: number; minutes: number; expected: number }

/**
 * Energy of one point per bucket (kWh or kvarh at the point, ratios applied), aligned with the buckets:
 * `values[i]` is NaN where nothing was read, `valid[i]` counts the validly measured half-hours.
 * Typed arrays rather than an object per cell: a month of half-hours of 100 points is 148,800 cells.
 */
export type PointSeries = { values: Float64Array; valid: Int32Array }

export function emptySeries(length: number): PointSeries {
  return { values: new Float64Array(length).fill(NaN), valid: new Int32Array(length) }
}
