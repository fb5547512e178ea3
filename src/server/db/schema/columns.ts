import { type AnyPgColumn, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core'

/* Columns and column groups several tables declare alike, spread into their tables (drizzle's way of reusing columns). */

/** When the row was written. */
export const createdAt = {
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}

/** Written by the database on every insert and update (migration 0026): the offline mirror asks what changed since. */
export const changedAt = {
  changed_at: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
}

/** A person's name in three parts, each of which may be empty. */
export const personName = {
  first_name: varchar('first_name', { length: 150 }).notNull().default(''),
  last_name: varchar('last_name', { length: 150 }).notNull().default(''),
  middle_name: varchar('middle_name', { length: 150 }).notNull().default(''),
}

/** The key of the row this one is part of: always set, and deleting that row deletes this one. */
export const partOf = <TName extends string>(name: TName, key: () => AnyPgColumn) => integer(name).notNull().references(key, { onDelete: 'cascade' })

/** The key of a row this one refers to: always set, and that row cannot be deleted while this one refers to it. */
export const refersTo = <TName extends string>(name: TName, key: () => AnyPgColumn) => integer(name).notNull().references(key)

/** One side of a link table: its column, named as the key it holds, and that key. */
type LinkSide<TName extends string> = readonly [TName, () => AnyPgColumn]
type LinkColumns<TA extends string, TB extends string> = { [K in TA]: ReturnType<typeof partOf<K>> } & { [K in TB]: ReturnType<typeof partOf<K>> }

/**
 * A link table (many to many): a row pairs two rows, the pair is its key, and deleting either row deletes the link.
 * `bIndex` names an index on the second column for a list walked from that side (the key serves the first).
 */
export const linkTable = <TTable extends string, TA extends string, TB extends string>(
  name: TTable,
  [a, aKey]: LinkSide<TA>,
  [b, bKey]: LinkSide<TB>,
  bIndex?: string,
) =>
  pgTable(name, { [a]: partOf(a, aKey), [b]: partOf(b, bKey) } as LinkColumns<TA, TB>, (t) => [
    primaryKey({ columns: [t[a], t[b]] }),
    ...(bIndex ? [index(bIndex).on(t[b])] : []),
  ])
