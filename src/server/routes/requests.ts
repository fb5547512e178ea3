import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { DOC_STATUSES, MB } from '../../shared/constants'
import { idParams } from '../../shared/schemas/common'
import {
  attachmentUpdate,
  byDocumentQuery,
  closeFilesFields,
  commentInput,
  documentRequestListQuery,
  documentRequestUpdate,
} from '../../shared/schemas/requests'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import {
  postComment,
  addCloseFiles,
  fileApplication,
  filingFileCheck,
  markCommentsViewed,
  setApplication,
  setAttachmentStatus,
  updateApplication,
} from '../commands/applications'
import { HttpError, fieldError, forbidden, notFound, orNotFound } from '../lib/http-errors'
import { answerCache } from '../lib/answer-cache'
import { keyUsed, mutate, type MutateOptions } from '../lib/mutation'
import type { Req } from '../lib/route-types'
import { parseOr400 } from '../plugins/validation'
import { keepFilesIf, requiredFileIdOf } from '../files/uploads'
import { filingRoom, filingSlots } from '../files/filing-limits'
import { receiveMultipart, registerUploads } from '../files/storage'
import { mailDeliverer, queueRequestMail } from '../mail/outbox'
import { JSON_CONTENT_TYPE } from '../lib/sql-json'
import { checkCounts, findAttachment, findComment, findRequest, listAttachments, listCloseFiles, listRequestsJson, scopeOf } from '../repositories/requests'

/** The check is polled by every open console every 10 s: its answer is kept this long per account. */
const CHECK_CACHE_MS = 1000

const viewer = { permission: 'requests.view', subscriber: true } as const

/** Incoming applications, their attachments, comments and closing files (administration.md section 7). */
export async function requestRoutes(app: FastifyInstance) {
  await registerUploads(app)
  const checks = answerCache<number, { unassigned: number; new_messages: number }>(CHECK_CACHE_MS)
  /** A write to applications: `mutate`, then the account's cached check is dropped once the write has committed. */
  const write = async <T>(request: FastifyRequest, reply: FastifyReply, work: (tx: Executor) => Promise<T>, options?: MutateOptions<T>) => {
    const result = await mutate(request, reply, work, options)
    checks.delete(request.user().account_id ?? 0)
    return result
  }

  const requestOr404 = async (db: Executor, request: FastifyRequest, id: number) => orNotFound(await findRequest(db, scopeOf(request.user()), id))

  app.get('/api/document_status/', { config: viewer }, async () =>
    Object.entries(DOC_STATUSES).map(([id, name]) => ({ doc_status_id: Number(id), doc_status_name: name })),
  )

  app.get(
    '/api/document_request/',
    { config: viewer, schema: { querystring: documentRequestListQuery } },
    async (request: Req<{ query: typeof documentRequestListQuery }>, reply) =>
      reply.type(JSON_CONTENT_TYPE).send(await listRequestsJson(app.db, scopeOf(request.user()), request.query)),
  )

  app.get('/api/document_request/check/', { config: { permission: 'requests.view' } }, async (request) => {
    const accountId = request.user().account_id ?? 0
    return checks.get(accountId, () => checkCounts(app.db, accountId))
  })

  app.get('/api/document_request/:id/', { config: viewer, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>) =>
    requestOr404(app.db, request, request.params.id),
  )

  // A subscriber files an application: the type, and one file per required file of the type (`file_<id>`).
  const filings = filingSlots()
  app.post('/api/document_request/', { config: viewer }, async (request, reply) => {
    const me = request.user()
    if (me.is_stuff || me.customer_id === null || me.account_id === null) throw forbidden(T.subscribersOnly)
    // One filing of a subscriber at a time; its daily count and quota are checked before the body is read, the stream
    // stops at what is left of the quota, and each file is checked against the type before it is written: a refused
    // filing writes nothing, another no more than the subscriber may still keep. The filing's transaction counts again
    // under the subscriber's lock. A request under a used Idempotency-Key is answered by `mutate` (the stored answer,
    // or 422 for another request): its files are only hashed, never written.
    const quota = app.config.subscriberUploadQuotaBytes
    const replay = await keyUsed(request)
    const release = replay ? () => {} : filings.take(me.customer_id)
    try {
      const room = replay ? quota : await filingRoom(app.db, me.customer_id, app.config)
      const { fields, files } = await receiveMultipart(app, request, {
        oneFilePer: requiredFileIdOf,
        maxBytes: { bytes: room, message: T.uploadQuotaExceeded(quota / MB) },
        hashOnly: replay,
        beforeFile: replay ? undefined : filingFileCheck(app.db, me),
      })
      return await keepFilesIf(files, reply, () =>
        write(
          request,
          reply,
          async (tx) => {
            // The key expired since (KEY_LIFETIME_DAYS): the files it was read for are not there to file.
            if (replay) throw new HttpError(422, { detail: T.idempotencyReuse })
            return fileApplication(tx, me, fields, files, app.config)
          },
          { status: 201 },
        ),
      )
    } finally {
      release()
    }
  })

  app.patch(
    '/api/document_request/:id/',
    { config: { permission: 'requests.change' }, schema: { params: idParams, body: documentRequestUpdate } },
    async (request: Req<{ params: typeof idParams; body: typeof documentRequestUpdate }>, reply) => {
      const body = request.body
      const me = request.user()
      return write(request, reply, async (tx) => updateApplication(tx, me, await requestOr404(tx, request, request.params.id), body))
    },
  )

  const action = (name: string, permission: 'requests.view' | 'requests.change', set: { archived: boolean } | { new_files: number }) =>
    app.post(
      `/api/document_request/:id/${name}/`,
      { config: { permission }, schema: { params: idParams } },
      async (request: Req<{ params: typeof idParams }>, reply) =>
        write(
          request,
          reply,
          async (tx) => {
            const before = await requestOr404(tx, request, request.params.id)
            // Viewed or archived already: nothing to write, and nothing for the audit.
            if (Object.entries(set).every(([field, value]) => before[field as keyof typeof set] === value)) return before
            return setApplication(tx, request.user(), before, name, set)
          },
          { sameEveryTime: true },
        ),
    )
  action('archive', 'requests.change', { archived: true })
  action('unarchive', 'requests.change', { archived: false })
  action('viewed', 'requests.view', { new_files: 0 })

  // The mail is recorded with the request's transaction and sent after it commits (mail/outbox.ts): a retry
  // under the same Idempotency-Key or a second click finds the same mail and sends it at most once.
  const deliverMail = mailDeliverer(app)
  app.post(
    '/api/document_request/:id/send_to_external/',
    { config: { permission: 'requests.change' }, schema: { params: idParams } },
    async (request: Req<{ params: typeof idParams }>, reply) => {
      const { mail_id } = await mutate(request, reply, async (tx) => {
        const found = await requestOr404(tx, request, request.params.id)
        return queueRequestMail(tx, app, request, found.doc_request_id)
      })
      if (!(await deliverMail(mail_id, request))) throw new HttpError(502, { detail: T.externalSendFailed })
      return requestOr404(app.db, request, request.params.id)
    },
  )

  app.get(
    '/api/document_request_attachment/',
    { config: viewer, schema: { querystring: byDocumentQuery } },
    async (request: Req<{ query: typeof byDocumentQuery }>) => {
      const found = await requestOr404(app.db, request, request.query.document_id)
      return listAttachments(app.db, scopeOf(request.user()), found.doc_request_id)
    },
  )

  const attachmentOr404 = async (db: Executor, request: FastifyRequest, id: number) => {
    const found = await findAttachment(db, scopeOf(request.user()), id)
    if (!found) throw notFound(T.attachmentUnknown)
    return found
  }

  app.patch(
    '/api/document_request_attachment/:id/',
    { config: { permission: 'requests.change' }, schema: { params: idParams, body: attachmentUpdate } },
    async (request: Req<{ params: typeof idParams; body: typeof attachmentUpdate }>, reply) => {
      const { doc_request_attach_status: status, doc_attachment_comment: reason } = request.body
      const attachmentNow = async (db: Executor) => {
        const attach = await attachmentOr404(db, request, request.params.id)
        const [now] = await listAttachments(db, scopeOf(request.user()), attach.doc_request_id, attach.doc_request_attach_id)
        return now
      }
      // A refusal's reason joins the file's thread, which the answer carries: kept under every key, 300 refusals of
      // 2 KB filled 208 MB.
      return write(
        request,
        reply,
        async (tx) => {
          await setAttachmentStatus(tx, request.user(), await attachmentOr404(tx, request, request.params.id), status, reason)
          return attachmentNow(tx)
        },
        { answerAnew: attachmentNow },
      )
    },
  )

  app.post(
    '/api/document_request_attachment/:id/viewed/',
    { config: viewer, schema: { params: idParams } },
    async (request: Req<{ params: typeof idParams }>, reply) =>
      write(
        request,
        reply,
        async (tx) => {
          const me = request.user()
          const attach = await attachmentOr404(tx, request, request.params.id)
          await markCommentsViewed(tx, me, attach)
          const [after] = await listAttachments(tx, scopeOf(me), attach.doc_request_id, attach.doc_request_attach_id)
          return after
        },
        { sameEveryTime: true },
      ),
  )

  app.post(
    '/api/document_request_attachment_comment/',
    { config: { permission: 'requests.change', subscriber: true }, schema: { body: commentInput } },
    async (request: Req<{ body: typeof commentInput }>, reply) =>
      write(
        request,
        reply,
        async (tx) => {
          const attach = await attachmentOr404(tx, request, request.body.doc_attachment)
          if (attach.doc_request_id !== request.body.doc_request_id) throw fieldError('doc_attachment', T.attachmentUnknown)
          const id = await postComment(tx, request.user(), attach, request.body.doc_attachment_comment, app.config)
          return findComment(tx, id)
        },
        { status: 201 },
      ),
  )

  app.get(
    '/api/document_close_file/',
    { config: viewer, schema: { querystring: byDocumentQuery } },
    async (request: Req<{ query: typeof byDocumentQuery }>) => {
      const found = await requestOr404(app.db, request, request.query.document_id)
      return listCloseFiles(app.db, found.doc_request_id)
    },
  )

  // Closing files: multipart fields whose names end with a required-file id (24 for closing documents), plus doc_request_id.
  app.post('/api/document_close_file/', { config: { permission: 'requests.change' } }, async (request, reply) => {
    const { fields, files } = await receiveMultipart(app, request)
    return keepFilesIf(files, reply, () =>
      mutate(
        request,
        reply,
        async (tx) => {
          const found = await requestOr404(tx, request, parseOr400(closeFilesFields, fields).doc_request_id)
          return addCloseFiles(tx, request.user(), found.doc_request_id, files)
        },
        { status: 201 },
      ),
    )
  })
}
