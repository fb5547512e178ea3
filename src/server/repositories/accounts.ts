import { and, asc, eq } from 'drizzle-orm'
import { DEFAULT_TIME_ZONE } from '../../shared/metering'
import type { AccountEmail, AccountEmailInput } from '../../shared/schemas/account'
import type { Executor } from '../db/client'
import { accountEmails, accounts } from '../db/schema'
import { listPage, type PageQuery } from '../lib/listing'
import type { SecretBox } from '../lib/secret-box'

const accountColumns = {
  account_id: accounts.account_id,
  name: accounts.name,
  external_notify_email: accounts.external_notify_email,
  support_email: accounts.support_email,
  inn: accounts.inn,
}

type EmailRow = typeof accountEmails.$inferSelect
/** A mailbox's fields with the SMTP password sealed; an update leaves out what it does not change. */
export type EmailFields = Omit<AccountEmailInput, 'smtp_password'> & { smtp_password_sealed: string }

/** The SMTP password never leaves the server: the answer only says whether one is stored. */
export const publicEmail = ({ smtp_password_sealed, account_id: _, ...row }: EmailRow): AccountEmail => ({
  ...row,
  smtp_encryption: row.smtp_encryption as AccountEmail['smtp_encryption'],
  has_password: smtp_password_sealed !== '',
})

/**
 * Whether a change moves the mailbox to another SMTP server, port or login: a stored password was entered for
 * those, and a kept one would be sent with the next mail to whoever answers there.
 */
export const smtpServerChanged = (before: AccountEmail, set: Partial<AccountEmailInput>) =>
  (['smtp_host', 'smtp_port', 'smtp_user'] as const).some((name) => set[name] !== undefined && set[name] !== before[name])

/**
 * The sealed password an update stores, or undefined to keep the stored one. A mailbox without a login sends no
 * password, so none is kept for it: one left stored would later go to whatever server and login come next.
 */
export function passwordToStore(box: SecretBox, { login, typed, stored }: { login: string; typed?: string; stored: boolean }) {
  if (!login) return stored ? '' : undefined
  return typed ? box.seal(typed) : undefined
}

export async function findAccount(db: Executor, accountId: number) {
  const [row] = await db.select(accountColumns).from(accounts).where(eq(accounts.account_id, accountId))
  return row
}

export async function updateAccount(db: Executor, accountId: number, set: Partial<typeof accounts.$inferInsert>) {
  const [row] = await db.update(accounts).set(set).where(eq(accounts.account_id, accountId)).returning(accountColumns)
  return row!
}

export function listEmails(db: Executor, accountId: number, query: PageQuery) {
  const where = eq(accountEmails.account_id, accountId)
  const order = [asc(accountEmails.name), asc(accountEmails.account_email_id)]
  return listPage(db, { rows: db.select().from(accountEmails), counted: accountEmails, where, order }, query, publicEmail)
}

export async function findEmail(db: Executor, accountId: number, id: number) {
  const [row] = await db
    .select()
    .from(accountEmails)
    .where(and(eq(accountEmails.account_id, accountId), eq(accountEmails.account_email_id, id)))
  return row
}

export async function insertEmail(db: Executor, accountId: number, fields: EmailFields): Promise<EmailRow> {
  const [row] = await db
    .insert(accountEmails)
    .values({ ...fields, account_id: accountId })
    .returning()
  return row!
}

export async function updateEmail(db: Executor, id: number, set: Partial<EmailFields>): Promise<EmailRow> {
  const [row] = await db.update(accountEmails).set(set).where(eq(accountEmails.account_email_id, id)).returning()
  return row!
}

export async function deleteEmail(db: Executor, id: number): Promise<void> {
  await db.delete(accountEmails).where(eq(accountEmails.account_email_id, id))
}

/**
 * The zone an account's days and times are counted in (its balances, readings, reports, schedules): the account's
 * own, or the first account's for a user without one, or Moscow on an empty database.
 */
export async function accountTimeZone(db: Executor, accountId: number | null): Promise<string> {
  const query = db.select({ zone: accounts.time_zone }).from(accounts)
  const [row] = accountId === null ? await query.orderBy(asc(accounts.account_id)).limit(1) : await query.where(eq(accounts.account_id, accountId))
  return row?.zone ?? DEFAULT_TIME_ZONE
}
