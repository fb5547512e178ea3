/** Energy of one point per bucket, with ratios applied, as read from the database. */
export type PointSeries = {
  point_id: number
  /** Bucket start, epoch ms -> energy (kWh or kvarh at the point) and the number of validly measured half-hours. */
  cells: Map<number, { value: number | null; valid: number }>
}

/** A bucket of the answer: its start, its length in minutes, and how many half-hours should have been measured by now. */
export type Bucket = { start: number; minutes: number; expected: number }
