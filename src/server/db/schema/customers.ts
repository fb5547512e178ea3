import { integer, pgTable, serial, smallint, text, varchar, index } from 'drizzle-orm/pg-core'
import { createdAt, personName } from './columns'

/** Subscribers (administration.md section 3): individuals (1), sole proprietors (2), legal entities (3). */
export const customers = pgTable(
  'customers',
  {
    customer_id: serial('customer_id').primaryKey(),
    account_id: integer('account_id'),
    customer_number: varchar('customer_number', { length: 50 }).notNull().default(''),
    customer_type: smallint('customer_type').notNull().default(1),
    ...personName,
    snils: varchar('snils', { length: 14 }).notNull().default(''),
    company_full_name: varchar('company_full_name', { length: 500 }).notNull().default(''),
    company_short_name: varchar('company_short_name', { length: 255 }).notNull().default(''),
    company_inn: varchar('company_inn', { length: 12 }).notNull().default(''),
    company_kpp: varchar('company_kpp', { length: 9 }).notNull().default(''),
    company_ogrn: varchar('company_ogrn', { length: 15 }).notNull().default(''),
    company_bik: varchar('company_bik', { length: 9 }).notNull().default(''),
    company_ks: varchar('company_ks', { length: 20 }).notNull().default(''),
    company_rs: varchar('company_rs', { length: 20 }).notNull().default(''),
    company_legal_address: varchar('company_legal_address', { length: 500 }).notNull().default(''),
    remark: text('remark').notNull().default(''),
    ...createdAt,
  },
  (t) => [index('customers_number_idx').on(t.customer_number)],
)
