import { sql, type SQL } from 'drizzle-orm'
import { boolean, doublePrecision, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { createdAt, changedAt, partOf, refersTo } from './columns'
import { customers } from './customers'
import { users } from './admin'

/* Reference data (metering.md: resource types, model groups, models, parameters, data sources). */

export const resourceTypes = pgTable('resource_types', {
  resource_type_id: serial('resource_type_id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
})

/** Meter model groups ("counters_api"): a family sharing one protocol and one set of connection parameters. */
export const counterModelApis = pgTable('counter_model_apis', {
  counter_model_api_id: serial('counter_model_api_id').primaryKey(),
  name: varchar('name', { length: 150 }).notNull(),
  resource_type_id: refersTo('resource_type_id', () => resourceTypes.resource_type_id),
  /** The driver that speaks this family's protocol, e.g. mercury230, mercury206, lorawan. */
  driver: varchar('driver', { length: 50 }).notNull().default(''),
})

/** Connection parameters a model group needs (par_name, description), with defaults and whether required. */
export const modelConnParams = pgTable(
  'model_conn_params',
  {
    model_conn_param_id: serial('model_conn_param_id').primaryKey(),
    counter_model_api_id: partOf('counter_model_api_id', () => counterModelApis.counter_model_api_id),
    par_name: varchar('par_name', { length: 50 }).notNull(),
    description: varchar('description', { length: 255 }).notNull(),
    default_value: varchar('default_value', { length: 255 }).notNull().default(''),
    required: boolean('required').notNull().default(false),
    order_num: smallint('order_num').notNull().default(0),
  },
  (t) => [uniqueIndex('model_conn_params_key').on(t.counter_model_api_id, t.par_name)],
)

export const dataSources = pgTable('data_sources', {
  source_id: serial('source_id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  remark: text('remark').notNull().default(''),
})

export const counterModels = pgTable('counter_models', {
  model_id: serial('model_id').primaryKey(),
  name: varchar('name', { length: 150 }).notNull(),
  source_id: integer('source_id').references(() => dataSources.source_id),
  resource_type_id: refersTo('resource_type_id', () => resourceTypes.resource_type_id),
  counter_model_api_id: refersTo('counter_model_api_id', () => counterModelApis.counter_model_api_id),
  /** The model's key ("external model"), e.g. mercury_206: the spec offers power switching only for it. */
  external_model: varchar('external_model', { length: 100 }).notNull().default(''),
  has_storage: boolean('has_storage').notNull().default(false),
  counter_width: smallint('counter_width').notNull().default(6),
  decimal_places: smallint('decimal_places').notNull().default(2),
  remark: text('remark').notNull().default(''),
})

/** Parameter groups a task collects (energy, instant values, profile ...). */
export const taskGroups = pgTable('task_groups', {
  task_group_id: serial('task_group_id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
  /** What the collector reads for this group: registers, instant, profile. */
  kind: varchar('kind', { length: 30 }).notNull(),
})

/** Measured parameter types (/data_params). */
export const dataParameters = pgTable('data_parameters', {
  parameter_id: serial('parameter_id').primaryKey(),
  name: varchar('name', { length: 150 }).notNull(),
  remark: text('remark').notNull().default(''),
  resource_type_id: refersTo('resource_type_id', () => resourceTypes.resource_type_id),
  task_group_id: integer('task_group_id').references(() => taskGroups.task_group_id),
  /** Unit shown beside values (кВт·ч, В, А ...). */
  measurement: varchar('measurement', { length: 30 }).notNull().default(''),
  /** Stable code the collector maps protocol values to (A+, A-, R+, R-, U1, I1 ...). */
  code: varchar('code', { length: 30 }).notNull().default(''),
})

export const modelParameters = pgTable(
  'model_parameters',
  {
    model_parameter_id: serial('model_parameter_id').primaryKey(),
    model_id: partOf('model_id', () => counterModels.model_id),
    parameter_id: partOf('parameter_id', () => dataParameters.parameter_id),
  },
  (t) => [uniqueIndex('model_parameters_key').on(t.model_id, t.parameter_id)],
)

/* Metering points and meters. */

export const points = pgTable(
  'points',
  {
    point_id: serial('point_id').primaryKey(),
    point_number: varchar('point_number', { length: 50 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    address: varchar('address', { length: 500 }).notNull(),
    geopoint: varchar('geopoint', { length: 64 }).notNull().default(''),
    remark: text('remark').notNull().default(''),
    customer_id: integer('customer_id').references(() => customers.customer_id, { onDelete: 'set null' }),
    energy_limit: doublePrecision('energy_limit').notNull().default(5000),
    version: integer('version').notNull().default(1),
    ...createdAt,
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the list's search matches, lower-cased once on write: LIKE on it compares bytes, where ILIKE lower-cases
     * both sides of every row on every search.
     */
    search_text: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${points.name}) || chr(10) || lower(${points.point_number})`),
    /**
     * The point as the API shows it, as JSON text: written by the triggers of migration 0021 on every change of the
     * point, its subscriber's name, its current meter or its objects, so that a list page reads 25 of them instead of
     * joining and writing JSON for every row it shows.
     */
    card: text('card').notNull().default(''),
    ...changedAt,
  },
  (t) => [
    index('points_name_idx').on(t.name),
    // The list sorts by these too: an index turns a sort of every row into a walk of the first page.
    // A point's identifier is unique (migration 0025); the field's message comes from POINT_NUMBER_KEY.
    uniqueIndex('points_number_key').on(t.point_number),
    index('points_address_idx').on(t.address),
    index('points_search_trgm_idx').using('gin', sql`${t.search_text} gin_trgm_ops`),
    index('points_customer_idx').on(t.customer_id),
    index('points_changed_at_idx').on(t.changed_at),
  ],
)

export const counters = pgTable(
  'counters',
  {
    counter_id: serial('counter_id').primaryKey(),
    serial_num: varchar('serial_num', { length: 50 }).notNull(),
    model_id: refersTo('model_id', () => counterModels.model_id),
    coeff: doublePrecision('coeff').notNull().default(1),
    coeff_voltage: doublePrecision('coeff_voltage').notNull().default(1),
    remark: text('remark').notNull().default(''),
    is_active: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    ...createdAt,
    /**
     * The meter as the API shows it, as JSON text: written by the triggers of migration 0019 on every change of the
     * meter, its installations, its model or the point it was last installed on, so that a list page reads 25 of them
     * instead of finding each meter's latest installation and writing its JSON.
     */
    card: text('card').notNull().default(''),
    ...changedAt,
    /** The IANA zone the meter keeps its clock and profile in; null is the account's zone (migration 0028). */
    time_zone: varchar('time_zone', { length: 64 }),
    /** Impulses per kWh (A) as the meter last reported it (Mercury 230: 08 12); null until read (migration 0027). */
    meter_constant: integer('meter_constant'),
    /** The configured `meter_constant` override disagreed with the meter's own at the last poll. */
    meter_constant_mismatch: boolean('meter_constant_mismatch').notNull().default(false),
  },
  (t) => [
    uniqueIndex('counters_model_serial_key').on(t.model_id, t.serial_num),
    // The list's default order: its first page is a walk of 25 entries instead of a sort of every meter.
    index('counters_serial_idx').on(t.serial_num, t.counter_id),
    index('counters_serial_trgm_idx').using('gin', sql`${t.serial_num} gin_trgm_ops`),
    index('counters_changed_at_idx').on(t.changed_at),
  ],
)

/**
 * A meter installed on a point ("point_counter"): from install to take-off. The transformer ratios and the
 * connection parameters of that installation live here, so a period spanning a meter change uses each
 * meter's own ratios.
 */
export const pointCounters = pgTable(
  'point_counters',
  {
    point_counter_id: serial('point_counter_id').primaryKey(),
    point_id: partOf('point_id', () => points.point_id),
    counter_id: partOf('counter_id', () => counters.counter_id),
    installed_at: timestamp('installed_at', { withTimezone: true }).notNull(),
    removed_at: timestamp('removed_at', { withTimezone: true }),
    coeff: doublePrecision('coeff').notNull().default(1),
    coeff_voltage: doublePrecision('coeff_voltage').notNull().default(1),
    source_id: integer('source_id').references(() => dataSources.source_id),
    /** par_name -> par_value */
    conn_params: jsonb('conn_params').$type<Record<string, string>>().notNull().default({}),
    ...changedAt,
  },
  (t) => [
    uniqueIndex('point_counters_current_point_key')
      .on(t.point_id)
      .where(sql`${t.removed_at} is null`),
    uniqueIndex('point_counters_current_counter_key')
      .on(t.counter_id)
      .where(sql`${t.removed_at} is null`),
    index('point_counters_point_idx').on(t.point_id, t.installed_at),
    index('point_counters_counter_idx').on(t.counter_id, t.installed_at),
    index('point_counters_changed_at_idx').on(t.changed_at),
  ],
)

/** The history of a meter: creation, install, take-off, edits, activity changes, with the user who did it. */
export const counterOperations = pgTable(
  'counter_operations',
  {
    counter_oper_id: serial('counter_oper_id').primaryKey(),
    counter_id: partOf('counter_id', () => counters.counter_id),
    point_id: integer('point_id').references(() => points.point_id, { onDelete: 'set null' }),
    coper_type: varchar('coper_type', { length: 30 }).notNull(),
    operation_date: timestamp('operation_date', { withTimezone: true }).notNull(),
    comment: text('comment').notNull().default(''),
    user_id: integer('user_id').references(() => users.user_id, { onDelete: 'set null' }),
    ...createdAt,
  },
  (t) => [index('counter_operations_counter_idx').on(t.counter_id, t.operation_date)],
)
