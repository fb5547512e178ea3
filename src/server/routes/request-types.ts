import type { FastifyInstance } from 'fastify'
import { eq, inArray } from 'drizzle-orm'
import { idParams } from '../../shared/schemas/common'
import {
  documentTypeInput, documentTypeUpdate, requiredFileInput, requiredFileLinkInput, requiredFileListQuery, requiredFileUpdate,
} from '../../shared/schemas/requests'
import { listQuery } from '../../shared/schemas/common'
import { T } from '../../shared/texts'
import { documentRequiredFiles, documentTypeRequiredFiles, documentTypes } from '../db/schema'
import { audit } from '../lib/audit'
import { fieldError, notFound } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import type { Req } from '../lib/route-types'
import { parseOr400 } from '../plugins/validation'
import { keepFilesIf } from '../files/uploads'
import { receiveMultipart, recordFiles, registerUploads } from '../files/storage'
import { findRequiredFile, findType, listRequiredFiles, listTypes } from '../repositories/request-types'

const reader = { permission: 'requests.view', subscriber: true } as const
const manager = { permission: 'request_types.manage' } as const

/** Request types, the files they require, and the sample of each required file. */
export async function requestTypeRoutes(app: FastifyInstance) {
  await registerUploads(app)

  app.get('/api/document_type/', { config: reader, schema: { querystring: listQuery } }, async (request: Req<{ query: typeof listQuery }>) => listTypes(app.db, request.query))

  app.post('/api/document_type/', { config: manager, schema: { body: documentTypeInput } }, async (request: Req<{ body: typeof documentTypeInput }>, reply) =>
    mutate(
      request,
      reply,
      async (tx) => {
        const [row] = await tx.insert(documentTypes).values(request.body).returning({ id: documentTypes.doc_type_id })
        const created = (await findType(tx, row!.id))!
        await audit(tx, request, 'document_type', row!.id, 'create', null, created)
        return created
      },
      { status: 201 },
    ),
  )

  app.patch('/api/document_type/:id/', { config: manager, schema: { params: idParams, body: documentTypeUpdate } }, async (request: Req<{ params: typeof idParams; body: typeof documentTypeUpdate }>, reply) =>
    mutate(request, reply, async (tx) => {
      const before = await findType(tx, request.params.id)
      if (!before) throw notFound()
      if (Object.keys(request.body).length) await tx.update(documentTypes).set(request.body).where(eq(documentTypes.doc_type_id, before.doc_type_id))
      const after = (await findType(tx, before.doc_type_id))!
      await audit(tx, request, 'document_type', before.doc_type_id, 'update', before, after)
      return after
    }),
  )

  // Sets the type's required files to exactly the given list: adding and removing are one call.
  app.post('/api/document_required_file_link/', { config: manager, schema: { body: requiredFileLinkInput } }, async (request: Req<{ body: typeof requiredFileLinkInput }>, reply) =>
    mutate(request, reply, async (tx) => {
      const before = await findType(tx, request.body.doc_type_id)
      if (!before) throw fieldError('doc_type_id', T.requestTypeUnknown)
      const ids = [...new Set(request.body.required_files)]
      if (ids.length) {
        const known = await tx.select({ id: documentRequiredFiles.doc_required_file_id }).from(documentRequiredFiles).where(inArray(documentRequiredFiles.doc_required_file_id, ids))
        if (known.length !== ids.length) throw fieldError('required_files', T.requiredFileUnknown)
      }
      await tx.delete(documentTypeRequiredFiles).where(eq(documentTypeRequiredFiles.doc_type_id, before.doc_type_id))
      if (ids.length) await tx.insert(documentTypeRequiredFiles).values(ids.map((id) => ({ doc_type_id: before.doc_type_id, doc_required_file_id: id })))
      const after = (await findType(tx, before.doc_type_id))!
      await audit(tx, request, 'document_type', before.doc_type_id, 'link_required_files', before, after)
      return after
    }),
  )

  app.get('/api/document_required_file/', { config: reader, schema: { querystring: requiredFileListQuery } }, async (request: Req<{ query: typeof requiredFileListQuery }>) =>
    listRequiredFiles(app.db, request.query),
  )

  app.post('/api/document_required_file/', { config: manager, schema: { body: requiredFileInput } }, async (request: Req<{ body: typeof requiredFileInput }>, reply) =>
    mutate(
      request,
      reply,
      async (tx) => {
        const [row] = await tx.insert(documentRequiredFiles).values(request.body).returning({ id: documentRequiredFiles.doc_required_file_id })
        const created = (await findRequiredFile(tx, row!.id))!
        await audit(tx, request, 'document_required_file', row!.id, 'create', null, created)
        return created
      },
      { status: 201 },
    ),
  )

  // JSON edits the names; multipart with the field `files` uploads the sample (the spec sends them one after the other).
  app.patch('/api/document_required_file/:id/', { config: manager, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>, reply) => {
    const upload = request.isMultipart() ? await receiveMultipart(app, request) : null
    const body = upload ? {} : parseOr400(requiredFileUpdate, request.body === undefined ? {} : request.body)
    const files = upload?.files ?? []
    if (upload && files.length !== 1) throw fieldError('files', T.fileMissing)
    return keepFilesIf(files, reply, () =>
      mutate(request, reply, async (tx) => {
        const before = await findRequiredFile(tx, request.params.id)
        if (!before) throw notFound()
        const [exampleId] = await recordFiles(tx, files, request.user().user_id)
        const set = { ...body, ...(exampleId ? { example_file_id: exampleId } : {}) }
        if (Object.keys(set).length) await tx.update(documentRequiredFiles).set(set).where(eq(documentRequiredFiles.doc_required_file_id, before.doc_required_file_id))
        const after = (await findRequiredFile(tx, before.doc_required_file_id))!
        await audit(tx, request, 'document_required_file', before.doc_required_file_id, exampleId ? 'upload_sample' : 'update', before, after)
        return after
      }),
    )
  })
}
