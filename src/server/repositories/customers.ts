import { and, asc, count, eq, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm'
import { pageOf } from '../../shared/schemas/common'
import type { Customer, CustomerInput } from '../../shared/schemas/customers'
import { CUSTOMER_TYPE_FIELDS } from '../../shared/validation/customer'
import type { Executor } from '../db/client'
import { customers, points, users } from '../db/schema'
import { likePattern, orderingOf } from '../lib/listing'
import type { ListQuery } from '../../shared/schemas/common'

/**
 * A subscriber's display name, everywhere it is shown: a legal entity's short (else full) name, else the person's
 * name (a sole proprietor's company names are optional, the person's are not). A SQL function (migration 0017) that
 * PostgreSQL inlines: lists stay one query, and the applications' stored cards name subscribers the same way.
 */
export const customerName = sql<string>`customer_name(${customers})`

const { account_id: _account, ...rowColumns } = getTableColumns(customers)
const columns = { ...rowColumns, name: customerName }

const scope = (accountId: number | null): SQL | undefined => (accountId === null ? undefined : eq(customers.account_id, accountId))

const toCustomer = (row: Record<string, unknown>): Customer => ({ ...row, created_at: new Date(row.created_at as string | Date).toISOString() }) as Customer

export async function listCustomers(db: Executor, accountId: number | null, query: ListQuery) {
  const search = query.search
    ? or(
        ...[
          customers.customer_number,
          customers.last_name,
          customers.first_name,
          customers.company_short_name,
          customers.company_full_name,
          customers.company_inn,
        ].map((c) => ilike(c, likePattern(query.search))),
      )
    : undefined
  const where = and(scope(accountId), search)
  const { limit, offset } = pageOf(query)
  const order = orderingOf(
    query.ordering,
    {
      customer_number: customers.customer_number,
      customer_type: customers.customer_type,
      name: customerName,
      last_name: customers.last_name,
      first_name: customers.first_name,
      middle_name: customers.middle_name,
    },
    [asc(customerName)],
    customers.customer_id,
  )
  const [total] = await db.select({ count: count() }).from(customers).where(where)
  if (limit === null) {
    const results = await db
      .select({ customer_id: customers.customer_id, name: customerName })
      .from(customers)
      .where(where)
      .orderBy(...order)
    return { count: Number(total?.count ?? 0), results }
  }
  const rows = await db
    .select(columns)
    .from(customers)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
  return { count: Number(total?.count ?? 0), results: rows.map(toCustomer) }
}

export async function findCustomer(db: Executor, accountId: number | null, id: number): Promise<Customer | undefined> {
  const [row] = await db
    .select(columns)
    .from(customers)
    .where(and(scope(accountId), eq(customers.customer_id, id)))
  return row && toCustomer(row)
}

/** Only the fields of the subscriber's type are kept; the others are stored empty. */
function storedFields(input: CustomerInput) {
  const kept = new Set<string>(CUSTOMER_TYPE_FIELDS[input.customer_type])
  const typed = Object.values(CUSTOMER_TYPE_FIELDS).flat()
  return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, typed.includes(key as never) && !kept.has(key) ? '' : value])) as CustomerInput
}

export async function insertCustomer(db: Executor, accountId: number | null, input: CustomerInput): Promise<number> {
  const [row] = await db
    .insert(customers)
    .values({ ...storedFields(input), account_id: accountId })
    .returning({ customer_id: customers.customer_id })
  return row!.customer_id
}

export async function updateCustomer(db: Executor, id: number, input: CustomerInput): Promise<Customer> {
  await db.update(customers).set(storedFields(input)).where(eq(customers.customer_id, id))
  return (await findCustomer(db, null, id))!
}

/**
 * Deletes the subscriber; the database unlinks its points (set null). Their version goes up with it, so that an edit
 * made on the linked row (the outbox's, from before) meets a 412 and is merged, not refused for a missing subscriber.
 */
export async function deleteCustomer(db: Executor, id: number): Promise<void> {
  // Its subscriber's sign-in ends with it: switched off, and its tokens refused (credential_version).
  await db
    .update(users)
    .set({ is_active: false, credential_version: sql`${users.credential_version} + 1` })
    .where(eq(users.customer_id, id))
  await db
    .update(points)
    .set({ version: sql`${points.version} + 1` })
    .where(eq(points.customer_id, id))
  await db.delete(customers).where(eq(customers.customer_id, id))
}
