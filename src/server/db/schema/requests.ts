import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { createdAt, linkTable, partOf, refersTo } from './columns'
import { sql } from 'drizzle-orm'
import type { OutgoingMail } from '../../mail/send-request'
import { accountEmails, accounts, users } from './admin'
import { customers } from './customers'

/** Every uploaded file: stored under `<dataDir>/files/<file_name>` with a random name; only names found here are served. */
export const storedFiles = pgTable(
  'stored_files',
  {
    file_id: serial('file_id').primaryKey(),
    file_name: varchar('file_name', { length: 64 }).notNull(),
    real_file_name: varchar('real_file_name', { length: 255 }).notNull(),
    content_type: varchar('content_type', { length: 127 }).notNull(),
    size: integer('size').notNull(),
    created_by: integer('created_by').references(() => users.user_id, { onDelete: 'set null' }),
    ...createdAt,
  },
  (t) => [uniqueIndex('stored_files_name_key').on(t.file_name)],
)

/** The files a request type may demand; id 24 is the closing documents (administration.md section 9). */
export const documentRequiredFiles = pgTable('document_required_files', {
  doc_required_file_id: serial('doc_required_file_id').primaryKey(),
  doc_required_file_name: varchar('doc_required_file_name', { length: 255 }).notNull(),
  short_file_name: varchar('short_file_name', { length: 100 }).notNull(),
  example_file_id: integer('example_file_id').references(() => storedFiles.file_id, { onDelete: 'set null' }),
})

export const documentTypes = pgTable(
  'document_types',
  {
    doc_type_id: serial('doc_type_id').primaryKey(),
    doc_type_name: varchar('doc_type_name', { length: 255 }).notNull(),
    doc_customer_type_id: smallint('doc_customer_type_id').notNull().default(1),
    expired_in_days: integer('expired_in_days').notNull().default(10),
  },
  (t) => [check('document_types_customer_type_check', sql`${t.doc_customer_type_id} between 1 and 3`)],
)

export const documentTypeRequiredFiles = linkTable(
  'document_type_required_files',
  ['doc_type_id', () => documentTypes.doc_type_id],
  ['doc_required_file_id', () => documentRequiredFiles.doc_required_file_id],
)

/** A subscriber's application; statuses 1..4 and their names are in src/shared/constants.ts. */
export const documentRequests = pgTable(
  'document_requests',
  {
    doc_request_id: serial('doc_request_id').primaryKey(),
    request_number: varchar('request_number', { length: 32 }).notNull().default(''),
    account_id: refersTo('account_id', () => accounts.account_id),
    customer_id: refersTo('customer_id', () => customers.customer_id),
    user_id: refersTo('user_id', () => users.user_id),
    doc_type_id: refersTo('doc_type_id', () => documentTypes.doc_type_id),
    doc_status: smallint('doc_status').notNull().default(1),
    decline_reason: text('decline_reason').notNull().default(''),
    assigned_user_id: integer('assigned_user_id').references(() => users.user_id, { onDelete: 'set null' }),
    expired_date: date('expired_date', { mode: 'string' }),
    archived: boolean('archived').notNull().default(false),
    /** Files the staff have not looked at yet; opening the application resets it. */
    new_files: integer('new_files').notNull().default(0),
    external_send_date: timestamp('external_send_date', { withTimezone: true }),
    ...createdAt,
    /**
     * The application as the API shows it, but for its status and unread comments, as JSON members without the braces:
     * written by the triggers of migration 0017 on every change of the application, its subscriber, filer, assignee or
     * type, so that a list page reads 25 of them instead of joining and writing JSON for every row it shows.
     */
    card: text('card').notNull().default(''),
  },
  (t) => [
    check('document_requests_status_check', sql`${t.doc_status} between 1 and 4`),
    // The list pages by (created_at, id) newest first, with or without a status: an index for each, so that a page
    // reads 25 rows instead of sorting (and building the JSON of) every application of the account.
    index('document_requests_list_idx').on(t.account_id, t.archived, t.doc_status, t.created_at, t.doc_request_id),
    index('document_requests_recent_idx').on(t.account_id, t.archived, t.created_at, t.doc_request_id),
    index('document_requests_customer_idx').on(t.customer_id),
  ],
)

/**
 * Applications per account, archive flag and status, kept by statement-level triggers in the writing transaction
 * (migration 0015): the staff's list counts by adding at most four rows instead of counting thousands of applications
 * on every page request.
 */
export const requestCounts = pgTable(
  'request_counts',
  {
    account_id: integer('account_id').notNull(),
    archived: boolean('archived').notNull(),
    doc_status: smallint('doc_status').notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.account_id, t.archived, t.doc_status] })],
)

/** A stored file given with an application, filed under the required file it answers (if any). */
const fileOfRequest = {
  doc_request_id: partOf('doc_request_id', () => documentRequests.doc_request_id),
  doc_required_file_id: integer('doc_required_file_id').references(() => documentRequiredFiles.doc_required_file_id, { onDelete: 'set null' }),
  file_id: refersTo('file_id', () => storedFiles.file_id),
}

/** A subscriber's file of an application, with its review status (1 accepted, 2 declined, 3 under review). */
export const documentRequestAttachments = pgTable(
  'document_request_attachments',
  {
    doc_request_attach_id: serial('doc_request_attach_id').primaryKey(),
    ...fileOfRequest,
    doc_request_attach_status: smallint('doc_request_attach_status').notNull().default(3),
    ...createdAt,
  },
  (t) => [
    check('document_request_attachments_status_check', sql`${t.doc_request_attach_status} between 1 and 3`),
    index('document_request_attachments_request_idx').on(t.doc_request_id),
  ],
)

/** A comment on an attachment; `viewed` says whether the other side (staff or subscriber) has read it. */
export const documentAttachmentComments = pgTable(
  'document_attachment_comments',
  {
    doc_attachment_comment_id: serial('doc_attachment_comment_id').primaryKey(),
    doc_request_attach_id: partOf('doc_request_attach_id', () => documentRequestAttachments.doc_request_attach_id),
    doc_request_id: partOf('doc_request_id', () => documentRequests.doc_request_id),
    doc_attachment_comment: text('doc_attachment_comment').notNull(),
    created_by: integer('created_by').references(() => users.user_id, { onDelete: 'set null' }),
    by_staff: boolean('by_staff').notNull(),
    viewed: boolean('viewed').notNull().default(false),
    ...createdAt,
  },
  (t) => [
    index('document_attachment_comments_attach_idx').on(t.doc_request_attach_id),
    index('document_attachment_comments_unread_idx')
      .on(t.doc_request_id)
      .where(sql`not ${t.viewed}`),
    // The badge check counts subscribers' unread comments of the whole account every 10 s.
    index('document_attachment_comments_unread_subscriber_idx')
      .on(t.doc_request_id)
      .where(sql`not ${t.viewed} and not ${t.by_staff}`),
  ],
)

/** The closing files of an application (POST /api/document_close_file/). */
export const documentCloseFiles = pgTable(
  'document_close_files',
  {
    doc_close_id: serial('doc_close_id').primaryKey(),
    ...fileOfRequest,
    ...createdAt,
  },
  (t) => [index('document_close_files_request_idx').on(t.doc_request_id)],
)

/**
 * An application mailed to the energy-sales company (mail/outbox.ts): written with the request that asks for it,
 * sent after that commits by whoever claims it (pending or failed -> sending -> sent | failed). The fingerprint
 * (SMTP account and the composed mail) lets a repeat of the same mail find this one instead of sending again.
 */
export const outgoingMails = pgTable(
  'outgoing_mails',
  {
    mail_id: serial('mail_id').primaryKey(),
    doc_request_id: partOf('doc_request_id', () => documentRequests.doc_request_id),
    account_email_id: integer('account_email_id').references(() => accountEmails.account_email_id, { onDelete: 'set null' }),
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    mail: jsonb('mail').$type<OutgoingMail>().notNull(),
    state: varchar('state', { length: 16 }).notNull().default('pending'),
    claimed_at: timestamp('claimed_at', { withTimezone: true }),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    ...createdAt,
  },
  (t) => [
    check('outgoing_mails_state_check', sql`${t.state} in ('pending', 'sending', 'sent', 'failed')`),
    index('outgoing_mails_request_idx').on(t.doc_request_id, t.fingerprint),
  ],
)
