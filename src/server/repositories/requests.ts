import { and, asc, count, desc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { DOC_STATUSES } from '../../shared/constants'
import type { Attachment, AttachmentComment, CloseFile, DocumentRequest } from '../../shared/schemas/requests'
import type { Executor } from '../db/client'
import {
  documentAttachmentComments,
  documentCloseFiles,
  documentRequestAttachments,
  documentRequests,
  documentRequiredFiles,
  requestCounts,
  storedFiles,
  users,
} from '../db/schema'
import { amongIds, pageKey, withPage, type PageQuery } from '../lib/listing'
import { listAnswer } from '../lib/sql-json'
import { statementCache } from '../lib/statement-cache'
import type { Principal } from '../plugins/auth'

/** Whose applications a caller sees: staff their account's, a subscriber only its own customer's. */
export type RequestScope = { accountId: number; customerId: number | null; staff: boolean }

export function scopeOf(user: Principal): RequestScope {
  return { accountId: user.account_id ?? 0, customerId: user.is_stuff ? null : user.customer_id, staff: user.is_stuff }
}

/** Values, or placeholders of a kept statement. */
type Bound = number | Placeholder

const scopeWhere = (accountId: Bound, customerId: Bound | null): SQL =>
  and(eq(documentRequests.account_id, accountId), customerId === null ? undefined : eq(documentRequests.customer_id, customerId))!

/** The status as the API shows it, written as JSON from the shared constants. */
const statusJson = sql`case ${documentRequests.doc_status} ${sql.join(
  Object.entries(DOC_STATUSES).map(([id, name]) => sql`when ${sql.raw(String(Number(id)))} then ${JSON.stringify({ id: Number(id), name })}::text`),
  sql` `,
)} end`

/**
 * Comments of the other side that the caller has not read yet. The flags are written into the text, not bound:
 * a prepared statement's generic plan cannot use the partial index on unread comments for a bound value, so
 * PostgreSQL would plan the statement again on every call (docs/applications.md «Volume»).
 */
const unreadOf = (staff: boolean) => sql`not c.viewed and ${staff ? sql`not c.by_staff` : sql`c.by_staff`}`
const unreadBy = (staff: boolean, on: SQL) => sql<number>`(select count(*)::int from ${documentAttachmentComments} c where ${on} and ${unreadOf(staff)})`

/**
 * The stored card's members as the caller may read them. A subscriber reads its assignee by name only: a staff login
 * is half of a credential (comments name their authors so too). A subscriber's few cards are rewritten as jsonb; staff
 * lists send the stored text as it is.
 */
const cardFor = (staff: boolean) =>
  staff
    ? sql`${documentRequests.card}`
    : sql`(select substr(j, 2, length(j) - 2) from (select ((('{' || ${documentRequests.card} || '}')::jsonb #- '{assigned_user,username}')::text) j) card)`

/**
 * An application as the API shows it (DocumentRequest), as JSON text: its stored card (see the schema) with the status
 * and the caller's unread comments (`unread`). A list sends these rows as they come instead of joining four tables
 * and writing the JSON of every row on every page (docs/applications.md «Volume»).
 */
const applicationJson = (unread: SQL<number>, staff: boolean) =>
  sql<string>`'{' || ${cardFor(staff)} || ',"status":' || ${statusJson} || ',"unread_comments":' || ${unread} || '}'`

/** What shapes the list's statements: whose applications (staff, or one subscriber's), one status or all, the page. */
type RequestListShape = { staff: boolean; subscriber: boolean; byStatus: boolean; page: PageQuery }
const requestListKey = (shape: RequestListShape) => `${shape.staff}|${shape.subscriber}|${shape.byStatus}|${pageKey(shape.page)}`

const listWhere = (shape: Pick<RequestListShape, 'subscriber' | 'byStatus'>) =>
  and(
    scopeWhere(sql.placeholder('account_id'), shape.subscriber ? sql.placeholder('customer_id') : null),
    eq(documentRequests.archived, sql.placeholder('archived')),
    shape.byStatus ? eq(documentRequests.doc_status, sql.placeholder('status')) : undefined,
  )

const newestFirst = [desc(documentRequests.created_at), desc(documentRequests.doc_request_id)]

/** The staff's count adds the kept totals of the statuses (request_counts); a subscriber's few applications are counted. */
const listTotal = (db: Executor, shape: Pick<RequestListShape, 'subscriber' | 'byStatus'>) =>
  shape.subscriber
    ? db.select({ count: count() }).from(documentRequests).where(listWhere(shape))
    : db
        .select({ count: sql<number>`coalesce(sum(${requestCounts.total}), 0)::int` })
        .from(requestCounts)
        .where(
          and(
            eq(requestCounts.account_id, sql.placeholder('account_id')),
            eq(requestCounts.archived, sql.placeholder('archived')),
            shape.byStatus ? eq(requestCounts.doc_status, sql.placeholder('status')) : undefined,
          ),
        )

/**
 * The whole answer in one statement (listAnswer): the embedded list answers twice as many requests as with 25 rows of
 * text. The page's ids are chosen on the list's index alone: the JSON and the unread count are then computed for the
 * page's rows only, where under a plain OFFSET PostgreSQL computes them for every row it skips. The page's unread
 * comments are counted in one grouped scan of the partial index, not by a subquery per row (a quarter more lists per
 * second from PostgreSQL).
 */
const requestPages = statementCache(requestListKey, (db, shape: RequestListShape) => {
  const pageIds = withPage(
    db
      .select({ id: documentRequests.doc_request_id })
      .from(documentRequests)
      .where(listWhere(shape))
      .orderBy(...newestFirst)
      .$dynamic(),
    shape.page,
  )
  const unread = sql`(select c.doc_request_id, count(*)::int as n from ${documentAttachmentComments} c
    where ${amongIds(sql`c.doc_request_id`, pageIds)} and ${unreadOf(shape.staff)} group by c.doc_request_id) unread`
  return db
    .select({ answer: listAnswer(applicationJson(sql<number>`coalesce(unread.n, 0)`, shape.staff), newestFirst, sql`${listTotal(db, shape)}`) })
    .from(documentRequests)
    .leftJoin(unread, sql`unread.doc_request_id = ${documentRequests.doc_request_id}`)
    .where(amongIds(documentRequests.doc_request_id, pageIds))
    .prepare('requests.page')
})

/** The list's answer as JSON, written by the database (see requestPages). */
export async function listRequestsJson(db: Executor, scope: RequestScope, query: PageQuery & { status?: number; archived: boolean }): Promise<Buffer> {
  const shape = { staff: scope.staff, subscriber: scope.customerId !== null, byStatus: query.status !== undefined, page: query }
  const values = { account_id: scope.accountId, customer_id: scope.customerId, archived: query.archived, status: query.status }
  const [row] = await requestPages(db, shape).execute(values)
  return row!.answer
}

export async function findRequest(db: Executor, scope: RequestScope, id: number): Promise<DocumentRequest | undefined> {
  const unread = unreadBy(scope.staff, sql`c.doc_request_id = ${documentRequests}.doc_request_id`)
  const [row] = await db
    .select({ json: applicationJson(unread, scope.staff) })
    .from(documentRequests)
    .where(and(scopeWhere(scope.accountId, scope.customerId), eq(documentRequests.doc_request_id, id)))
  return row && (JSON.parse(row.json) as DocumentRequest)
}

/** The badges: open applications nobody took, and files plus subscribers' comments the staff have not seen. */
export async function checkCounts(db: Executor, accountId: number) {
  const open = and(eq(documentRequests.account_id, accountId), eq(documentRequests.archived, false))
  const [row] = await db
    .select({
      unassigned: sql<number>`count(*) filter (where ${documentRequests.assigned_user_id} is null)::int`,
      new_files: sql<number>`coalesce(sum(${documentRequests.new_files}), 0)::int`,
    })
    .from(documentRequests)
    .where(open)
  const [comments] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(documentAttachmentComments)
    .innerJoin(documentRequests, eq(documentRequests.doc_request_id, documentAttachmentComments.doc_request_id))
    .where(and(open, sql`not ${documentAttachmentComments.viewed} and not ${documentAttachmentComments.by_staff}`))
  return { unassigned: Number(row?.unassigned ?? 0), new_messages: Number(row?.new_files ?? 0) + Number(comments?.unread ?? 0) }
}

const iso = (d: Date | string) => new Date(d).toISOString()

/** A comment `c` with its author `u`, as the attachment's thread shows it. */
const commentJson = sql`json_build_object('doc_attachment_comment_id', c.doc_attachment_comment_id, 'doc_attachment_comment', c.doc_attachment_comment,
    'created_at', c.created_at, 'created_by', case when u.user_id is null then null else json_build_object('user_id', u.user_id,
    'first_name', u.first_name, 'last_name', u.last_name, 'is_stuff', u.is_stuff) end)`
const commentsWithAuthors = sql`${documentAttachmentComments} c left join ${users} u on u.user_id = c.created_by`

const comments = sql<Attachment['comments']>`coalesce((
  select json_agg(${commentJson} order by c.created_at, c.doc_attachment_comment_id) from ${commentsWithAuthors}
  where c.doc_request_attach_id = ${documentRequestAttachments}.doc_request_attach_id), '[]'::json)`

/** One comment, as the attachment's thread shows it. */
export async function findComment(db: Executor, id: number): Promise<AttachmentComment> {
  const [row] = (
    await db.execute<{ comment: AttachmentComment }>(
      sql`select ${commentJson} as comment from ${commentsWithAuthors} where c.doc_attachment_comment_id = ${id}`,
    )
  ).rows
  return { ...row!.comment, created_at: iso(row!.comment.created_at) }
}

export async function listAttachments(db: Executor, scope: RequestScope, requestId: number, attachId?: number): Promise<Attachment[]> {
  const rows = await db
    .select({
      doc_request_attach_id: documentRequestAttachments.doc_request_attach_id,
      doc_request_attach_status: documentRequestAttachments.doc_request_attach_status,
      file_name: storedFiles.file_name,
      real_file_name: storedFiles.real_file_name,
      required_doc_type_name: sql<string>`coalesce(${documentRequiredFiles.doc_required_file_name}, '')`,
      comments,
      comments_user_unviewed: unreadBy(scope.staff, sql`c.doc_request_attach_id = ${documentRequestAttachments}.doc_request_attach_id`),
      created_at: documentRequestAttachments.created_at,
    })
    .from(documentRequestAttachments)
    .innerJoin(storedFiles, eq(storedFiles.file_id, documentRequestAttachments.file_id))
    .leftJoin(documentRequiredFiles, eq(documentRequiredFiles.doc_required_file_id, documentRequestAttachments.doc_required_file_id))
    .where(
      and(
        eq(documentRequestAttachments.doc_request_id, requestId),
        attachId === undefined ? undefined : eq(documentRequestAttachments.doc_request_attach_id, attachId),
      ),
    )
    .orderBy(asc(documentRequestAttachments.doc_request_attach_id))
  return rows.map((r) => ({
    ...r,
    created_at: iso(r.created_at),
    comments: r.comments.map((c) => ({ ...c, created_at: iso(c.created_at) })),
  }))
}

export async function listCloseFiles(db: Executor, requestId: number): Promise<CloseFile[]> {
  const rows = await db
    .select({
      doc_close_id: documentCloseFiles.doc_close_id,
      doc_required_file_id: documentCloseFiles.doc_required_file_id,
      file_name: storedFiles.file_name,
      real_file_name: storedFiles.real_file_name,
      created_at: documentCloseFiles.created_at,
    })
    .from(documentCloseFiles)
    .innerJoin(storedFiles, eq(storedFiles.file_id, documentCloseFiles.file_id))
    .where(eq(documentCloseFiles.doc_request_id, requestId))
    .orderBy(asc(documentCloseFiles.doc_close_id))
  return rows.map(({ file_name, real_file_name, created_at, ...r }) => ({ ...r, doc_close_file: { file_name, real_file_name }, created_at: iso(created_at) }))
}

/** The attachment of an application the caller can see, or undefined. */
export async function findAttachment(db: Executor, scope: RequestScope, attachId: number) {
  const [row] = await db
    .select({
      doc_request_attach_id: documentRequestAttachments.doc_request_attach_id,
      doc_request_id: documentRequestAttachments.doc_request_id,
      status: documentRequestAttachments.doc_request_attach_status,
    })
    .from(documentRequestAttachments)
    .innerJoin(documentRequests, eq(documentRequests.doc_request_id, documentRequestAttachments.doc_request_id))
    .where(and(scopeWhere(scope.accountId, scope.customerId), eq(documentRequestAttachments.doc_request_attach_id, attachId)))
  return row
}
