import { index, integer, pgTable, primaryKey, serial, smallint, varchar } from 'drizzle-orm/pg-core'
import { partOf, refersTo } from './columns'
import { accounts } from './admin'

/** Tariff zone schemes (reference data): the reports cut half-hour values by them and name the tariff registers. */
export const tariffSchemes = pgTable('tariff_schemes', {
  tariff_scheme_id: serial('tariff_scheme_id').primaryKey(),
  name: varchar('name', { length: 150 }).notNull(),
})

/**
 * One time range of a zone in local time, [start_minute, end_minute) from the start of the day; a range that
 * passes midnight has end_minute <= start_minute. A zone may hold several ranges (peak 7-10 and 17-21).
 * `tariff` is the meter's register that counts this zone (1..4), so readings and cut values line up.
 */
export const tariffZones = pgTable(
  'tariff_zones',
  {
    tariff_zone_id: serial('tariff_zone_id').primaryKey(),
    tariff_scheme_id: partOf('tariff_scheme_id', () => tariffSchemes.tariff_scheme_id),
    tariff: smallint('tariff').notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    start_minute: smallint('start_minute').notNull(),
    end_minute: smallint('end_minute').notNull(),
  },
  (t) => [index('tariff_zones_scheme_idx').on(t.tariff_scheme_id)],
)

/** The scheme an account's reports use unless a report names another one (no row: the first seeded scheme). */
export const accountTariffSchemes = pgTable('account_tariff_schemes', {
  account_id: integer('account_id')
    .primaryKey()
    .references(() => accounts.account_id, { onDelete: 'cascade' }),
  tariff_scheme_id: refersTo('tariff_scheme_id', () => tariffSchemes.tariff_scheme_id),
})

/** The last 80020 message number per sender and area (migration 0030): each file sent takes the next one. */
export const marketMessageNumbers = pgTable(
  'market_message_numbers',
  {
    sender_inn: varchar('sender_inn', { length: 12 }).notNull(),
    area_inn: varchar('area_inn', { length: 12 }).notNull(),
    last_number: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ name: 'market_message_numbers_pk', columns: [t.sender_inn, t.area_inn] })],
)
