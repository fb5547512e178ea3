import { bigint, integer, jsonb, pgTable, primaryKey, serial, text, varchar, index } from 'drizzle-orm/pg-core'
import { createdAt } from './columns'

/** Answers of POST/PUT/PATCH calls made with an Idempotency-Key, stored in the transaction of the change. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    user_id: integer('user_id').notNull(),
    key: varchar('key', { length: 200 }).notNull(),
    request_hash: varchar('request_hash', { length: 64 }).notNull(),
    status_code: integer('status_code').notNull(),
    response: jsonb('response'),
    ...createdAt,
  },
  (t) => [primaryKey({ columns: [t.user_id, t.key] }), index('idempotency_keys_created_idx').on(t.created_at)],
)

/** Every change made through the API: who, when, which entity, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    audit_id: serial('audit_id').primaryKey(),
    user_id: integer('user_id'),
    entity: varchar('entity', { length: 64 }).notNull(),
    entity_id: varchar('entity_id', { length: 64 }).notNull(),
    action: varchar('action', { length: 32 }).notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ...createdAt,
    remark: text('remark'),
  },
  // The screen lists the newest first, of everyone or of one user.
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entity_id, t.created_at),
    index('audit_log_time_idx').on(t.created_at, t.audit_id),
    index('audit_log_user_idx').on(t.user_id, t.created_at),
  ],
)

/**
 * The number of rows of the big lists (points, meters), kept by statement-level triggers in the writing transaction
 * (migration 0012): an unfiltered list reads one row instead of counting every row on each page request.
 */
export const rowCounts = pgTable('row_counts', {
  table_name: text('table_name').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull(),
})
