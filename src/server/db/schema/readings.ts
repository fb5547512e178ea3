import { sql } from 'drizzle-orm'
import { date, doublePrecision, integer, pgTable, primaryKey, serial, smallint, text, timestamp, index } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

/*
 * Time series, keyed (counter, channel, time) so that they can become partitioned tables or TimescaleDB
 * hypertables unchanged. Values are raw, as the meter gives them (kWh, kvarh at the meter's terminals):
 * point-level figures multiply by the ratios of the installation in force at that time.
 */

/** The series a value belongs to: a meter's channel, 1 A+, 2 A-, 3 R+, 4 R-. */
const channelKey = {
  counter_id: integer('counter_id').notNull(),
  channel: smallint('channel').notNull(),
}

/** One interval of a series, by its start. */
const intervalKey = {
  ...channelKey,
  interval_start: timestamp('interval_start', { withTimezone: true }).notNull(),
}

/**
 * Half-hour (or other length) energy of one channel.
 * Status (INTERVAL_STATUS): 0 valid, 1 missing, 2 estimated, 3 suspect, 4 edited (docs/vee.md).
 */
export const intervalValues = pgTable(
  'interval_values',
  {
    ...intervalKey,
    minutes: smallint('minutes').notNull().default(30),
    value: doublePrecision('value'),
    status: smallint('status').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.counter_id, t.channel, t.interval_start] }),
    index('interval_values_review_idx')
      .on(t.counter_id, t.interval_start)
      .where(sql`"status" in (2, 3, 4)`),
  ],
)

/** What VEE changed in a stored interval (flag, estimate, acceptance, manual edit): the replaced value, who, when, why. */
export const intervalEdits = pgTable(
  'interval_edits',
  {
    interval_edit_id: serial('interval_edit_id').primaryKey(),
    ...intervalKey,
    old_value: doublePrecision('old_value'),
    old_status: smallint('old_status').notNull(),
    new_value: doublePrecision('new_value'),
    new_status: smallint('new_status').notNull(),
    method: text('method').notNull(),
    reason: text('reason').notNull().default(''),
    user_id: integer('user_id'),
    ...createdAt,
  },
  (t) => [index('interval_edits_interval_idx').on(t.counter_id, t.channel, t.interval_start)],
)

/** Daily sums of interval values, kept up to date as values arrive (day cut in the account's time zone). */
export const dailyValues = pgTable(
  'daily_values',
  {
    ...channelKey,
    day: date('day', { mode: 'string' }).notNull(),
    value: doublePrecision('value').notNull().default(0),
    valid_intervals: smallint('valid_intervals').notNull().default(0),
    missing_intervals: smallint('missing_intervals').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.counter_id, t.channel, t.day] })],
)

/** Accumulated register readings: tariff 0 is the total, 1..4 the tariff registers. */
export const registerReadings = pgTable(
  'register_readings',
  {
    ...channelKey,
    tariff: smallint('tariff').notNull(),
    read_at: timestamp('read_at', { withTimezone: true }).notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.counter_id, t.channel, t.tariff, t.read_at] }), index('register_readings_time_idx').on(t.counter_id, t.read_at)],
)

/** Instantaneous values per phase (1 A, 2 B, 3 C; 0 the sum or the three-phase value). */
export const phaseValues = pgTable(
  'phase_values',
  {
    counter_id: integer('counter_id').notNull(),
    read_at: timestamp('read_at', { withTimezone: true }).notNull(),
    phase: smallint('phase').notNull(),
    voltage: doublePrecision('voltage'),
    current: doublePrecision('current'),
    active_power: doublePrecision('active_power'),
    reactive_power: doublePrecision('reactive_power'),
    apparent_power: doublePrecision('apparent_power'),
    cos_phi: doublePrecision('cos_phi'),
    angle: doublePrecision('angle'),
    frequency: doublePrecision('frequency'),
  },
  (t) => [primaryKey({ columns: [t.counter_id, t.read_at, t.phase] })],
)
