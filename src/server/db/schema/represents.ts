import { type AnyPgColumn, boolean, date, doublePrecision, index, integer, pgTable, serial, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core'
import { createdAt, changedAt, partOf } from './columns'
import { points } from './registry'

/**
 * Objects (represents): a tree of substations, feeders, buildings. Each row also keeps the object's display
 * settings (period, energy format and kind, losses, rounding) so that every user sees the object the same way.
 */
export const represents = pgTable(
  'represents',
  {
    represent_id: serial('represent_id').primaryKey(),
    // Deleting an object deletes its subtree: a child without its parent has no place in the tree.
    parent_id: integer('parent_id').references((): AnyPgColumn => represents.represent_id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    remark: text('remark').notNull().default(''),
    lost_color: varchar('lost_color', { length: 20 }).notNull().default('#e53e3e'),
    check_health: boolean('check_health').notNull().default(false),
    health_check_ip: varchar('health_check_ip', { length: 255 }).notNull().default(''),
    health_check_port: integer('health_check_port'),
    /** 'current' (start of the month to today) or 'selected' (period_begin..period_end). */
    period_type: varchar('period_type', { length: 10 }).notNull().default('current'),
    period_begin: date('period_begin', { mode: 'string' }),
    period_end: date('period_end', { mode: 'string' }),
    energy_format: varchar('energy_format', { length: 10 }).notNull().default('kvch'),
    energy_type: varchar('energy_type', { length: 10 }).notNull().default('straight'),
    reactive_energy: boolean('reactive_energy').notNull().default(false),
    show_lost: boolean('show_lost').notNull().default(true),
    show_lost_in_percentage: boolean('show_lost_in_percentage').notNull().default(false),
    /** trunc, round0 or roundWith1..roundWith5. */
    round_val: varchar('round_val', { length: 12 }).notNull().default('roundWith2'),
    /** The owner of the metering area (80020 `<area>`) for this object's points; empty: the account (migration 0030). */
    area_inn: varchar('area_inn', { length: 12 }).notNull().default(''),
    area_name: varchar('area_name', { length: 255 }).notNull().default(''),
    /** Percent of the received energy the imbalance may reach before the balance is flagged (migration 0031). */
    allowed_imbalance: doublePrecision('allowed_imbalance').notNull().default(5),
    ...createdAt,
    ...changedAt,
  },
  (t) => [index('represents_parent_idx').on(t.parent_id), index('represents_name_idx').on(t.name), index('represents_changed_at_idx').on(t.changed_at)],
)

/** A point linked to an object with its sign (1 in, -1 out, 0 shown only), colour and place in the list. */
export const representPoints = pgTable(
  'represent_points',
  {
    represent_point_id: serial('represent_point_id').primaryKey(),
    represent_id: partOf('represent_id', () => represents.represent_id),
    point_id: partOf('point_id', () => points.point_id),
    sign: smallint('sign').notNull().default(1),
    color: varchar('color', { length: 20 }).notNull(),
    order_num: integer('order_num').notNull().default(0),
    selected: boolean('selected').notNull().default(true),
  },
  (t) => [uniqueIndex('represent_points_key').on(t.represent_id, t.point_id), index('represent_points_point_idx').on(t.point_id)],
)
