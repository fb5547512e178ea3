import { and, eq, sql } from 'drizzle-orm'
import { ATTACH_STATUS_DECLINED, DOC_STATUS_ACCEPTED, DOC_STATUS_DECLINED } from '../../shared/constants'
import { customerTypeName } from '../../shared/schemas/customers'
import { filingFields, type DocumentRequest, type DocumentRequestUpdate } from '../../shared/schemas/requests'
import { T } from '../../shared/texts'
import type { Config } from '../config'
import type { Executor } from '../db/client'
import {
  customers,
  documentAttachmentComments,
  documentCloseFiles,
  documentRequestAttachments,
  documentRequests,
  documentRequiredFiles,
  documentTypeRequiredFiles,
  documentTypes,
  users,
} from '../db/schema'
import { checkCommentLimit, checkFilingLimits } from '../files/filing-limits'
import { recordFiles, type SavedFile } from '../files/storage'
import { requiredFileIdOf } from '../files/uploads'
import { auditRows } from '../lib/audit'
import { badRequest, fieldError } from '../lib/http-errors'
import type { Principal } from '../plugins/auth'
import { parseOr400 } from '../plugins/validation'
import type { AuditEntity } from '../repositories/audit-log'
import { knownRequiredFiles } from '../repositories/request-types'
import { findRequest, listCloseFiles, scopeOf } from '../repositories/requests'
import { holdsAll, rightsOf } from '../repositories/rights'

/** Applications (administration.md section 7): each write with its audit, in the caller's transaction. */

type Attachment = { doc_request_attach_id: number; doc_request_id: number; status: number }

const audited = (tx: Executor, me: Principal, entity: AuditEntity, id: number, action: string, before: unknown, after: unknown) =>
  auditRows(tx, me.user_id, [{ entity, entityId: id, action, before, after }])

const current = async (tx: Executor, me: Principal, id: number) => (await findRequest(tx, scopeOf(me), id))!

type Filing = { type: typeof documentTypes.$inferSelect; required: { id: number; name: string }[] }

const filedTypeId = (fields: Record<string, string>) => parseOr400(filingFields, { doc_type_id: fields.doc_type_id ?? fields.document_type }).doc_type_id

/** The request type a subscriber files and the files it requires: 400 for a type not found or of other customers. */
async function filingType(db: Executor, me: Principal, typeId: number): Promise<Filing> {
  const [type] = await db.select().from(documentTypes).where(eq(documentTypes.doc_type_id, typeId))
  if (!type) throw fieldError('doc_type_id', T.requestTypeUnknown)
  const [customer] = await db.select({ type: customers.customer_type }).from(customers).where(eq(customers.customer_id, me.customer_id!))
  if (customer!.type !== type.doc_customer_type_id) throw fieldError('doc_type_id', T.requestTypeOfOtherCustomers(customerTypeName(type.doc_customer_type_id)))
  const required = await db
    .select({ id: documentRequiredFiles.doc_required_file_id, name: documentRequiredFiles.doc_required_file_name })
    .from(documentTypeRequiredFiles)
    .innerJoin(documentRequiredFiles, eq(documentRequiredFiles.doc_required_file_id, documentTypeRequiredFiles.doc_required_file_id))
    .where(eq(documentTypeRequiredFiles.doc_type_id, type.doc_type_id))
  return { type, required }
}

const unrequired = (filing: Filing, fieldname: string) => !filing.required.some((r) => r.id === requiredFileIdOf(fieldname))

/**
 * Checks each file of a filing as its part arrives, before a byte of it is written (`beforeFile` of receiveMultipart):
 * the type must be one the subscriber may file, and the file's field one of the type's required files. Otherwise a
 * refused filing was written whole before its refusal. A file sent before the type (the API names no order) is
 * written unchecked: one filing at a time and the quota bound it, and fileApplication checks it all again.
 */
export function filingFileCheck(db: Executor, me: Principal): (fieldname: string, fields: Record<string, string>) => Promise<void> {
  let filing: Promise<Filing> | undefined
  return async (fieldname, fields) => {
    if (fields.doc_type_id === undefined && fields.document_type === undefined) return
    filing ??= filingType(db, me, filedTypeId(fields))
    if (unrequired(await filing, fieldname)) throw badRequest({ [fieldname]: [T.requiredFileUnknown] })
  }
}

/** A subscriber files an application: its type (the form's fields), and one file for each file the type requires, no other. */
export async function fileApplication(
  tx: Executor,
  me: Principal,
  fields: Record<string, string>,
  files: SavedFile[],
  config: Config,
): Promise<DocumentRequest> {
  const typeId = filedTypeId(fields)
  await checkFilingLimits(tx, me.customer_id!, files, config)
  const filing = await filingType(tx, me, typeId)
  const { type, required } = filing
  const errors: Record<string, string[]> = {}
  for (const file of files) if (unrequired(filing, file.fieldname)) errors[file.fieldname] = [T.requiredFileUnknown]
  for (const r of required) if (!files.some((f) => requiredFileIdOf(f.fieldname) === r.id)) errors[`file_${r.id}`] = [T.requiredFileMissing(r.name)]
  if (Object.keys(errors).length) throw badRequest(errors)
  const [row] = await tx
    .insert(documentRequests)
    .values({
      account_id: me.account_id!,
      customer_id: me.customer_id!,
      user_id: me.user_id,
      doc_type_id: type.doc_type_id,
      expired_date: sql<string>`current_date + ${type.expired_in_days}::int`,
      new_files: files.length,
    })
    .returning({ id: documentRequests.doc_request_id })
  const id = row!.id
  await tx
    .update(documentRequests)
    .set({ request_number: String(id).padStart(6, '0') })
    .where(eq(documentRequests.doc_request_id, id))
  const fileIds = await recordFiles(tx, files, me.user_id)
  // A type may require no files: then the application comes without attachments.
  if (files.length) {
    await tx
      .insert(documentRequestAttachments)
      .values(files.map((f, i) => ({ doc_request_id: id, doc_required_file_id: requiredFileIdOf(f.fieldname), file_id: fileIds[i]! })))
  }
  const created = await current(tx, me, id)
  await audited(tx, me, 'document_request', id, 'create', null, created)
  return created
}

/** Staff change an application's status (a refusal needs its reason; acceptance, closing files), assignee or term. */
export async function updateApplication(tx: Executor, me: Principal, before: DocumentRequest, body: DocumentRequestUpdate): Promise<DocumentRequest> {
  const set: Partial<typeof documentRequests.$inferInsert> = {}
  if (body.doc_status !== undefined) {
    set.doc_status = body.doc_status
    const reason = body.decline_reason ?? before.decline_reason
    if (body.doc_status === DOC_STATUS_DECLINED && !reason) throw fieldError('decline_reason', T.declineReasonRequired)
    set.decline_reason = body.doc_status === DOC_STATUS_DECLINED ? reason : ''
    if (body.doc_status === DOC_STATUS_ACCEPTED && (await listCloseFiles(tx, before.doc_request_id)).length === 0)
      throw fieldError('doc_status', T.closingFilesRequired)
  } else if (body.decline_reason !== undefined) {
    set.decline_reason = body.decline_reason
  }
  if (body.assigned_user_id !== undefined) {
    if (body.assigned_user_id !== null) {
      const [staff] = await tx
        .select({ id: users.user_id })
        .from(users)
        .where(and(eq(users.user_id, body.assigned_user_id), eq(users.is_stuff, true), eq(users.account_id, me.account_id ?? 0)))
      if (!staff) throw fieldError('assigned_user_id', T.assigneeUnknown)
      // Given to someone who cannot see it, an application would leave the unassigned count and nobody's list.
      const rights = (await rightsOf(tx, staff.id))!
      if (!rights.is_active || !holdsAll(rights, ['requests.view'])) throw fieldError('assigned_user_id', T.assigneeCannotSee)
    }
    set.assigned_user_id = body.assigned_user_id
  }
  if (body.expired_date !== undefined) set.expired_date = body.expired_date
  return setApplication(tx, me, before, 'update', set)
}

/** Writes an application's fields, audited under `action`; the application as it is now. */
export async function setApplication(
  tx: Executor,
  me: Principal,
  before: DocumentRequest,
  action: string,
  set: Partial<typeof documentRequests.$inferInsert>,
): Promise<DocumentRequest> {
  await tx.update(documentRequests).set(set).where(eq(documentRequests.doc_request_id, before.doc_request_id))
  const after = await current(tx, me, before.doc_request_id)
  await audited(tx, me, 'document_request', before.doc_request_id, action, before, after)
  return after
}

/** A comment of either side; a subscriber's count towards its daily limit. Answers the new comment's id. */
export async function postComment(tx: Executor, me: Principal, attach: Attachment, text: string, config: Config): Promise<number> {
  if (!me.is_stuff && me.customer_id !== null) await checkCommentLimit(tx, me.customer_id, config)
  return addAttachmentComment(tx, me, attach, text)
}

async function addAttachmentComment(tx: Executor, me: Principal, attach: Attachment, text: string): Promise<number> {
  const [row] = await tx
    .insert(documentAttachmentComments)
    .values({
      doc_request_attach_id: attach.doc_request_attach_id,
      doc_request_id: attach.doc_request_id,
      doc_attachment_comment: text,
      created_by: me.user_id,
      by_staff: me.is_stuff,
    })
    .returning()
  await audited(tx, me, 'attachment_comment', row!.doc_attachment_comment_id, 'create', null, row)
  return row!.doc_attachment_comment_id
}

/** administration.md's API sets the status alone; a refusal's reason, when sent, is posted as a comment. */
export async function setAttachmentStatus(tx: Executor, me: Principal, attach: Attachment, status: number, reason: string | undefined): Promise<void> {
  await tx
    .update(documentRequestAttachments)
    .set({ doc_request_attach_status: status })
    .where(eq(documentRequestAttachments.doc_request_attach_id, attach.doc_request_attach_id))
  await audited(tx, me, 'attachment', attach.doc_request_attach_id, 'update', { status: attach.status }, { status })
  if (status === ATTACH_STATUS_DECLINED && reason) await addAttachmentComment(tx, me, attach, reason)
}

/** The caller has read the other side's comments on an attachment. */
export async function markCommentsViewed(tx: Executor, me: Principal, attach: Attachment): Promise<void> {
  await tx
    .update(documentAttachmentComments)
    .set({ viewed: true })
    .where(and(eq(documentAttachmentComments.doc_request_attach_id, attach.doc_request_attach_id), eq(documentAttachmentComments.by_staff, !me.is_stuff)))
}

/** Closing files: each names the required file it is (24 for closing documents). */
export async function addCloseFiles(tx: Executor, me: Principal, requestId: number, files: SavedFile[]) {
  if (files.length === 0) throw fieldError('files', T.fileMissing)
  const ids = files.map((f) => requiredFileIdOf(f.fieldname))
  const unknown = fieldError('files', T.requiredFileUnknown)
  if (ids.includes(null)) throw unknown
  await knownRequiredFiles(tx, ids as number[], unknown)
  const fileIds = await recordFiles(tx, files, me.user_id)
  await tx
    .insert(documentCloseFiles)
    .values(files.map((f, i) => ({ doc_request_id: requestId, doc_required_file_id: requiredFileIdOf(f.fieldname), file_id: fileIds[i]! })))
  const after = await listCloseFiles(tx, requestId)
  await audited(tx, me, 'document_close_file', requestId, 'create', null, after)
  return after
}
