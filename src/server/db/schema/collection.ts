import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { createdAt, partOf, refersTo } from './columns'
import { users } from './admin'
import { counters, dataParameters } from './registry'

/* Data collection (docs/collection.md): collecting servers, counter tasks, their logs, current-data requests. */

/** A data-collecting service; each process runs as one of these and claims only its own tasks. */
export const collectingServers = pgTable('collecting_servers', {
  data_collecting_server_id: serial('data_collecting_server_id').primaryKey(),
  name: varchar('name', { length: 150 }).notNull(),
  remark: text('remark').notNull().default(''),
  /** Refreshed by the running service on every cycle: shows whether it is alive. */
  last_seen_at: timestamp('last_seen_at', { withTimezone: true }),
})

/** Work on one meter (a polling task, a current-data request), carried out by the collecting service it is given to. */
const meterWork = {
  counter_id: partOf('counter_id', () => counters.counter_id),
  data_collecting_server_id: refersTo('data_collecting_server_id', () => collectingServers.data_collecting_server_id),
}

/**
 * A polling task of one meter. `state` is working, stopped, paused (by repeated failures, retried with back-off)
 * or stopped_failed (given up; needs a start). `next_run_at` is advanced by the collector in the claiming transaction.
 */
export const counterTasks = pgTable(
  'counter_tasks',
  {
    counter_task_id: serial('counter_task_id').primaryKey(),
    ...meterWork,
    /** minutes, hours, days (every `value` units), cron (`value` is the expression) or once (`value` is the instant). */
    interval: varchar('interval', { length: 10 }).notNull(),
    value: varchar('value', { length: 100 }).notNull(),
    task_groups: jsonb('task_groups').$type<number[]>().notNull().default([]),
    state: varchar('state', { length: 20 }).notNull().default('stopped'),
    next_run_at: timestamp('next_run_at', { withTimezone: true }),
    /** The due time of the run in progress or last run: the unit of "polled once per due time". */
    last_due_at: timestamp('last_due_at', { withTimezone: true }),
    last_interaction_date: timestamp('last_interaction_date', { withTimezone: true }),
    last_success: boolean('last_success'),
    consecutive_failures: integer('consecutive_failures').notNull().default(0),
    total_runs: integer('total_runs').notNull().default(0),
    total_failures: integer('total_failures').notNull().default(0),
    last_error: text('last_error').notNull().default(''),
    /** Lets the run correct the meter's clock (Mercury 230: 03 0D) when it drifts; off unless asked for. */
    clock_correction: boolean('clock_correction').notNull().default(false),
    ...createdAt,
  },
  (t) => [
    index('counter_tasks_due_idx')
      .on(t.data_collecting_server_id, t.next_run_at)
      .where(sql`${t.state} in ('working', 'paused')`),
    index('counter_tasks_counter_idx').on(t.counter_id),
  ],
)

/** One run of a task: when it started, whether it succeeded (in whole or in part); its entries say what happened. */
export const taskLogs = pgTable(
  'task_logs',
  {
    task_log_id: serial('task_log_id').primaryKey(),
    counter_task_id: partOf('counter_task_id', () => counterTasks.counter_task_id),
    data_collecting_server_id: integer('data_collecting_server_id'),
    due_at: timestamp('due_at', { withTimezone: true }).notNull(),
    start_date: timestamp('start_date', { withTimezone: true }).notNull(),
    end_date: timestamp('end_date', { withTimezone: true }).notNull(),
    success: boolean('success').notNull(),
    /** A run that succeeded with some read groups refused or unanswered by the meter (its last entry names them). */
    partial: boolean('partial').notNull().default(false),
  },
  (t) => [index('task_logs_task_idx').on(t.counter_task_id, t.start_date)],
)

export const taskLogEntries = pgTable(
  'task_log_entries',
  {
    task_log_entry_id: serial('task_log_entry_id').primaryKey(),
    task_log_id: partOf('task_log_id', () => taskLogs.task_log_id),
    date: timestamp('date', { withTimezone: true }).notNull(),
    text: text('text').notNull(),
  },
  (t) => [index('task_log_entries_log_idx').on(t.task_log_id)],
)

/** "Обновить" on a meter: a request the collecting service answers with a fresh read (PENDING, DONE, ERROR). */
export const currentDataRequests = pgTable(
  'current_data_requests',
  {
    request_id: serial('request_id').primaryKey(),
    ...meterWork,
    /** read (current values) or relay_on / relay_off (Mercury 206 power switching). */
    action: varchar('action', { length: 20 }).notNull().default('read'),
    status: varchar('status', { length: 10 }).notNull().default('PENDING'),
    details: text('details').notNull().default(''),
    /** Who asked for a read on demand: bounds the reads one user keeps waiting (ON_DEMAND_WAITING_PER_USER_MAX). */
    requested_by: integer('requested_by').references(() => users.user_id, { onDelete: 'set null' }),
    ...createdAt,
    /** Set by the service that took the request; a request taken long ago by a service that died is taken again. */
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('current_data_requests_counter_idx').on(t.counter_id, t.created_at),
    index('current_data_requests_requested_by_idx')
      .on(t.requested_by)
      .where(sql`${t.status} = 'PENDING'`),
    index('current_data_requests_pending_idx')
      .on(t.data_collecting_server_id)
      .where(sql`${t.status} = 'PENDING'`),
  ],
)

/** A meter's choice of parameters to collect; a parameter of its model without a row is collected. */
export const counterParameterSelections = pgTable(
  'counter_parameter_selections',
  {
    counter_id: partOf('counter_id', () => counters.counter_id),
    parameter_id: partOf('parameter_id', () => dataParameters.parameter_id),
    is_selected: boolean('is_selected').notNull(),
  },
  (t) => [primaryKey({ columns: [t.counter_id, t.parameter_id] })],
)

export type TaskRow = typeof counterTasks.$inferSelect

/** The meter's clock as its last poll found it (migration 0028): drift = meter minus collector, in seconds. */
export const meterClocks = pgTable('meter_clocks', {
  counter_id: integer('counter_id')
    .primaryKey()
    .references(() => counters.counter_id, { onDelete: 'cascade' }),
  drift_s: integer('drift_s').notNull(),
  read_at: timestamp('read_at', { withTimezone: true }).notNull(),
  /** The last correction the collector made, and by how many seconds it moved the clock. */
  corrected_at: timestamp('corrected_at', { withTimezone: true }),
  correction_s: integer('correction_s'),
})
