import type { FastifyInstance } from 'fastify'
import { idParams } from '../../shared/schemas/common'
import {
  documentTypeInput, documentTypeUpdate, requiredFileInput, requiredFileLinkInput, requiredFileListQuery, requiredFileUpdate,
} from '../../shared/schemas/requests'
import { listQuery } from '../../shared/schemas/common'
import { T } from '../../shared/texts'
import { audit } from '../lib/audit'
import { fieldError, notFound } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import type { Req } from '../lib/route-types'
import { parseOr400 } from '../plugins/validation'
import { keepFilesIf } from '../files/uploads'
import { receiveMultipart, recordFiles, registerUploads } from '../files/storage'
import {
  existingRequiredFiles, findRequiredFile, findType, insertRequiredFile, insertType, linkRequiredFiles, listRequiredFiles, listTypes,
  updateRequiredFile, updateType,
} from '../repositories/request-types'

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
        const id = await insertType(tx, request.body)
        const created = (await findType(tx, id))!
        await audit(tx, request, 'document_type', id, 'create', null, created)
        return created
      },
      { status: 201 },
    ),
  )

  app.patch('/api/document_type/:id/', { config: manager, schema: { params: idParams, body: documentTypeUpdate } }, async (request: Req<{ params: typeof idParams; body: typeof documentTypeUpdate }>, reply) =>
    mutate(request, reply, async (tx) => {
      const before = await findType(tx, request.params.id)
      if (!before) throw notFound()
      await updateType(tx, before.doc_type_id, request.body)
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
      if ((await existingRequiredFiles(tx, ids)).length !== ids.length) throw fieldError('required_files', T.requiredFileUnknown)
      await linkRequiredFiles(tx, before.doc_type_id, ids)
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
        const id = await insertRequiredFile(tx, request.body)
        const created = (await findRequiredFile(tx, id))!
        await audit(tx, request, 'document_required_file', id, 'create', null, created)
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
        await updateRequiredFile(tx, before.doc_required_file_id, set)
        const after = (await findRequiredFile(tx, before.doc_required_file_id))!
        await audit(tx, request, 'document_required_file', before.doc_required_file_id, exampleId ? 'upload_sample' : 'update', before, after)
        return after
      }),
    )
  })
}
