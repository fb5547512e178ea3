import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { ATTACH_STATUS_DECLINED, DOC_STATUS_ACCEPTED, DOC_STATUS_DECLINED, DOC_STATUSES } from '../../shared/constants'
import { idParams } from '../../shared/schemas/common'
import {
  attachmentUpdate, byDocumentQuery, commentInput, documentRequestListQuery, documentRequestUpdate,
} from '../../shared/schemas/requests'
import { T } from '../../shared/texts'
import {
  documentAttachmentComments, documentCloseFiles, documentRequestAttachments, documentRequests, documentRequiredFiles,
  documentTypeRequiredFiles, documentTypes, users,
} from '../db/schema'
import type { Executor } from '../db/client'
import { audit } from '../lib/audit'
import { HttpError, badRequest, fieldError, forbidden, notFound } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import type { Req } from '../lib/route-types'
import { keepFilesIf, requiredFileIdOf } from '../files/uploads'
import { checkFilingLimits, MB } from '../files/filing-limits'
import { receiveMultipart, recordFiles, registerUploads } from '../files/storage'
import { mailDeliverer, queueRequestMail } from '../mail/outbox'
import { JSON_CONTENT_TYPE } from '../lib/sql-json'
import {
  checkCounts, findAttachment, findRequest, listAttachments, listCloseFiles, listRequestsJson, scopeOf,
} from '../repositories/requests'

/** The check is polled by every open console every 10 s: its answer is kept this long per account. */
const CHECK_CACHE_MS = 1000

const viewer = { permission: 'requests.view', subscriber: true } as const

/** Incoming applications, their attachments, comments and closing files (administration.md section 7). */
export async function requestRoutes(app: FastifyInstance) {
  await registerUploads(app)
  const checks = new Map<number, { until: number; answer: Promise<{ unassigned: number; new_messages: number }> }>()
  const changed = (accountId: number | null) => checks.delete(accountId ?? 0)

  const requestOr404 = async (db: Executor, request: FastifyRequest, id: number) => {
    const found = await findRequest(db, scopeOf(request.user()), id)
    if (!found) throw notFound()
    return found
  }

  app.get('/api/document_status/', { config: viewer }, async () =>
    Object.entries(DOC_STATUSES).map(([id, name]) => ({ doc_status_id: Number(id), doc_status_name: name })),
  )

  app.get('/api/document_request/', { config: viewer, schema: { querystring: documentRequestListQuery } }, async (request: Req<{ query: typeof documentRequestListQuery }>, reply) =>
    reply.type(JSON_CONTENT_TYPE).send(await listRequestsJson(app.db, scopeOf(request.user()), request.query)),
  )

  app.get('/api/document_request/check/', { config: { permission: 'requests.view' } }, async (request) => {
    const accountId = request.user().account_id ?? 0
    const hit = checks.get(accountId)
    if (hit && hit.until > Date.now()) return hit.answer
    const answer = checkCounts(app.db, accountId)
    checks.set(accountId, { until: Date.now() + CHECK_CACHE_MS, answer })
    answer.catch(() => checks.delete(accountId))
    return answer
  })

  app.get('/api/document_request/:id/', { config: viewer, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>) =>
    requestOr404(app.db, request, request.params.id),
  )

  // A subscriber files an application: the type, and one file per required file of the type (`file_<id>`).
  app.post('/api/document_request/', { config: viewer }, async (request, reply) => {
    const me = request.user()
    if (me.is_stuff || me.customer_id === null || me.account_id === null) throw forbidden(T.subscribersOnly)
    // The stream stops at the whole quota; what the subscriber already keeps counts in the transaction, once a
    // replay of an Idempotency-Key (whose files are already counted) is told apart from a new filing.
    const quota = app.config.subscriberUploadQuotaBytes
    const { fields, files } = await receiveMultipart(app, request, {
      oneFilePer: requiredFileIdOf,
      maxBytes: { bytes: quota, message: T.uploadQuotaExceeded(quota / MB) },
    })
    return keepFilesIf(files, reply, () =>
      mutate(
        request,
        reply,
        async (tx) => {
          await checkFilingLimits(tx, me.customer_id!, files, app.config)
          const typeId = Number(fields.doc_type_id ?? fields.document_type)
          const [type] = Number.isInteger(typeId) && typeId > 0 ? await tx.select().from(documentTypes).where(eq(documentTypes.doc_type_id, typeId)) : []
          if (!type) throw fieldError('doc_type_id', T.requestTypeUnknown)
          const required = await tx
            .select({ id: documentRequiredFiles.doc_required_file_id, name: documentRequiredFiles.doc_required_file_name })
            .from(documentTypeRequiredFiles)
            .innerJoin(documentRequiredFiles, eq(documentRequiredFiles.doc_required_file_id, documentTypeRequiredFiles.doc_required_file_id))
            .where(eq(documentTypeRequiredFiles.doc_type_id, type.doc_type_id))
          const errors: Record<string, string[]> = {}
          for (const file of files) if (!required.some((r) => r.id === requiredFileIdOf(file.fieldname))) errors[file.fieldname] = [T.requiredFileUnknown]
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
          await tx.update(documentRequests).set({ request_number: String(id).padStart(6, '0') }).where(eq(documentRequests.doc_request_id, id))
          const fileIds = await recordFiles(tx, files, me.user_id)
          // A type may require no files: then the application comes without attachments.
          if (files.length) {
            await tx.insert(documentRequestAttachments).values(files.map((f, i) => ({ doc_request_id: id, doc_required_file_id: requiredFileIdOf(f.fieldname), file_id: fileIds[i]! })))
          }
          const created = (await findRequest(tx, scopeOf(me), id))!
          await audit(tx, request, 'document_request', id, 'create', null, created)
          changed(me.account_id)
          return created
        },
        { status: 201 },
      ),
    )
  })

  app.patch(
    '/api/document_request/:id/',
    { config: { permission: 'requests.change' }, schema: { params: idParams, body: documentRequestUpdate } },
    async (request: Req<{ params: typeof idParams; body: typeof documentRequestUpdate }>, reply) => {
      const body = request.body
      const me = request.user()
      return mutate(request, reply, async (tx) => {
        const before = await requestOr404(tx, request, request.params.id)
        const set: Partial<typeof documentRequests.$inferInsert> = {}
        if (body.doc_status !== undefined) {
          set.doc_status = body.doc_status
          const reason = body.decline_reason ?? before.decline_reason
          if (body.doc_status === DOC_STATUS_DECLINED && !reason) throw fieldError('decline_reason', T.declineReasonRequired)
          set.decline_reason = body.doc_status === DOC_STATUS_DECLINED ? reason : ''
          if (body.doc_status === DOC_STATUS_ACCEPTED && (await listCloseFiles(tx, before.doc_request_id)).length === 0) throw fieldError('doc_status', T.closingFilesRequired)
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
          }
          set.assigned_user_id = body.assigned_user_id
        }
        if (body.expired_date !== undefined) set.expired_date = body.expired_date
        await tx.update(documentRequests).set(set).where(eq(documentRequests.doc_request_id, before.doc_request_id))
        const after = (await findRequest(tx, scopeOf(me), before.doc_request_id))!
        await audit(tx, request, 'document_request', before.doc_request_id, 'update', before, after)
        changed(me.account_id)
        return after
      })
    },
  )

  const action = (name: string, permission: 'requests.view' | 'requests.change', set: Partial<typeof documentRequests.$inferInsert>) =>
    app.post(`/api/document_request/:id/${name}/`, { config: { permission }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>, reply) =>
      mutate(request, reply, async (tx) => {
        const before = await requestOr404(tx, request, request.params.id)
        await tx.update(documentRequests).set(set).where(eq(documentRequests.doc_request_id, before.doc_request_id))
        const after = (await findRequest(tx, scopeOf(request.user()), before.doc_request_id))!
        await audit(tx, request, 'document_request', before.doc_request_id, name, before, after)
        changed(request.user().account_id)
        return after
      }),
    )
  action('archive', 'requests.change', { archived: true })
  action('unarchive', 'requests.change', { archived: false })
  action('viewed', 'requests.view', { new_files: 0 })

  // The mail is recorded with the request's transaction and sent after it commits (mail/outbox.ts): a retry
  // under the same Idempotency-Key or a second click finds the same mail and sends it at most once.
  const deliverMail = mailDeliverer(app)
  app.post('/api/document_request/:id/send_to_external/', { config: { permission: 'requests.change' }, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>, reply) => {
    const { mail_id } = await mutate(request, reply, async (tx) => {
      const found = await requestOr404(tx, request, request.params.id)
      return queueRequestMail(tx, app, request, found.doc_request_id)
    })
    if (!(await deliverMail(mail_id, request))) throw new HttpError(502, { detail: T.externalSendFailed })
    return requestOr404(app.db, request, request.params.id)
  })

  app.get('/api/document_request_attachment/', { config: viewer, schema: { querystring: byDocumentQuery } }, async (request: Req<{ query: typeof byDocumentQuery }>) => {
    const found = await requestOr404(app.db, request, request.query.document_id)
    return listAttachments(app.db, scopeOf(request.user()), found.doc_request_id)
  })

  const attachmentOr404 = async (db: Executor, request: FastifyRequest, id: number) => {
    const found = await findAttachment(db, scopeOf(request.user()), id)
    if (!found) throw notFound(T.attachmentUnknown)
    return found
  }

  const addComment = async (tx: Executor, request: FastifyRequest, attach: { doc_request_attach_id: number; doc_request_id: number }, text: string) => {
    const me = request.user()
    const [row] = await tx
      .insert(documentAttachmentComments)
      .values({ doc_request_attach_id: attach.doc_request_attach_id, doc_request_id: attach.doc_request_id, doc_attachment_comment: text, created_by: me.user_id, by_staff: me.is_stuff })
      .returning()
    await audit(tx, request, 'attachment_comment', row!.doc_attachment_comment_id, 'create', null, row)
    changed(me.account_id)
  }

  app.patch(
    '/api/document_request_attachment/:id/',
    { config: { permission: 'requests.change' }, schema: { params: idParams, body: attachmentUpdate } },
    async (request: Req<{ params: typeof idParams; body: typeof attachmentUpdate }>, reply) => {
      const { doc_request_attach_status: status, doc_attachment_comment: reason } = request.body
      return mutate(request, reply, async (tx) => {
        const attach = await attachmentOr404(tx, request, request.params.id)
        await tx.update(documentRequestAttachments).set({ doc_request_attach_status: status }).where(eq(documentRequestAttachments.doc_request_attach_id, attach.doc_request_attach_id))
        await audit(tx, request, 'attachment', attach.doc_request_attach_id, 'update', { status: attach.status }, { status })
        // administration.md's API sets the status alone; a refusal's reason, when sent, is posted as a comment.
        if (status === ATTACH_STATUS_DECLINED && reason) await addComment(tx, request, attach, reason)
        const [after] = await listAttachments(tx, scopeOf(request.user()), attach.doc_request_id, attach.doc_request_attach_id)
        return after
      })
    },
  )

  app.post('/api/document_request_attachment/:id/viewed/', { config: viewer, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>, reply) =>
    mutate(request, reply, async (tx) => {
      const me = request.user()
      const attach = await attachmentOr404(tx, request, request.params.id)
      await tx
        .update(documentAttachmentComments)
        .set({ viewed: true })
        .where(and(eq(documentAttachmentComments.doc_request_attach_id, attach.doc_request_attach_id), eq(documentAttachmentComments.by_staff, !me.is_stuff)))
      changed(me.account_id)
      const [after] = await listAttachments(tx, scopeOf(me), attach.doc_request_id, attach.doc_request_attach_id)
      return after
    }),
  )

  app.post(
    '/api/document_request_attachment_comment/',
    { config: { permission: 'requests.change', subscriber: true }, schema: { body: commentInput } },
    async (request: Req<{ body: typeof commentInput }>, reply) =>
      mutate(
        request,
        reply,
        async (tx) => {
          const attach = await attachmentOr404(tx, request, request.body.doc_attachment)
          if (attach.doc_request_id !== request.body.doc_request_id) throw fieldError('doc_attachment', T.attachmentUnknown)
          await addComment(tx, request, attach, request.body.doc_attachment_comment)
          const [after] = await listAttachments(tx, scopeOf(request.user()), attach.doc_request_id, attach.doc_request_attach_id)
          return after
        },
        { status: 201 },
      ),
  )

  app.get('/api/document_close_file/', { config: viewer, schema: { querystring: byDocumentQuery } }, async (request: Req<{ query: typeof byDocumentQuery }>) => {
    const found = await requestOr404(app.db, request, request.query.document_id)
    return listCloseFiles(app.db, found.doc_request_id)
  })

  // Closing files: multipart fields whose names end with a required-file id (24 for closing documents), plus doc_request_id.
  app.post('/api/document_close_file/', { config: { permission: 'requests.change' } }, async (request, reply) => {
    const { fields, files } = await receiveMultipart(app, request)
    return keepFilesIf(files, reply, () =>
      mutate(
        request,
        reply,
        async (tx) => {
          const requestId = Number(fields.doc_request_id)
          if (!Number.isInteger(requestId) || requestId < 1) throw fieldError('doc_request_id', T.required)
          const found = await requestOr404(tx, request, requestId)
          if (files.length === 0) throw fieldError('files', T.fileMissing)
          const ids = [...new Set(files.map((f) => requiredFileIdOf(f.fieldname)))]
          const known = ids.includes(null)
            ? []
            : await tx.select({ id: documentRequiredFiles.doc_required_file_id }).from(documentRequiredFiles).where(inArray(documentRequiredFiles.doc_required_file_id, ids as number[]))
          if (known.length !== ids.length) throw fieldError('files', T.requiredFileUnknown)
          const fileIds = await recordFiles(tx, files, request.user().user_id)
          await tx.insert(documentCloseFiles).values(files.map((f, i) => ({ doc_request_id: found.doc_request_id, doc_required_file_id: requiredFileIdOf(f.fieldname), file_id: fileIds[i]! })))
          const after = await listCloseFiles(tx, found.doc_request_id)
          await audit(tx, request, 'document_close_file', found.doc_request_id, 'create', null, after)
          return after
        },
        { status: 201 },
      ),
    )
  })
}

