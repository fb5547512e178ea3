import type { FastifyInstance } from 'fastify'
import { idParams } from '../../shared/schemas/common'
import {
  documentTypeInput,
  documentTypeUpdate,
  requiredFileInput,
  requiredFileLinkInput,
  requiredFileListQuery,
  requiredFileUpdate,
} from '../../shared/schemas/requests'
import { listQuery } from '../../shared/schemas/common'
import { T } from '../../shared/texts'
import { audit } from '../lib/audit'
import { updateAudited } from '../lib/audited-writes'
import { createRoute, updateRoute } from '../lib/row-route'
import { fieldError } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import type { Req } from '../lib/route-types'
import { parseOr400 } from '../plugins/validation'
import { keepFilesIf } from '../files/uploads'
import { receiveMultipart, recordFiles, registerUploads } from '../files/storage'
import {
  knownRequiredFiles,
  findRequiredFile,
  findType,
  insertRequiredFile,
  insertType,
  linkRequiredFiles,
  listRequiredFiles,
  listTypes,
  updateRequiredFile,
  updateType,
} from '../repositories/request-types'

const reader = { permission: 'requests.view', subscriber: true } as const
const manager = { permission: 'request_types.manage' } as const

/** Request types, the files they require, and the sample of each required file. */
export async function requestTypeRoutes(app: FastifyInstance) {
  await registerUploads(app)

  app.get('/api/document_type/', { config: reader, schema: { querystring: listQuery } }, async (request: Req<{ query: typeof listQuery }>) => {
    const me = request.user()
    return listTypes(app.db, request.query, me.is_stuff ? undefined : me.customer_id!)
  })

  createRoute(app, '/api/document_type/', manager, documentTypeInput, { entity: 'document_type', find: findType, create: insertType })
  updateRoute(app, 'patch', '/api/document_type/:id/', manager, documentTypeUpdate, { entity: 'document_type', find: findType, update: updateType })

  // Sets the type's required files to exactly the given list: adding and removing are one call.
  app.post(
    '/api/document_required_file_link/',
    { config: manager, schema: { body: requiredFileLinkInput } },
    async (request: Req<{ body: typeof requiredFileLinkInput }>, reply) =>
      mutate(request, reply, async (tx) => {
        const before = await findType(tx, request.body.doc_type_id)
        if (!before) throw fieldError('doc_type_id', T.requestTypeUnknown)
        const ids = await knownRequiredFiles(tx, request.body.required_files, fieldError('required_files', T.requiredFileUnknown))
        await linkRequiredFiles(tx, before.doc_type_id, ids)
        const after = (await findType(tx, before.doc_type_id))!
        await audit(tx, request, 'document_type', before.doc_type_id, 'link_required_files', before, after)
        return after
      }),
  )

  app.get(
    '/api/document_required_file/',
    { config: reader, schema: { querystring: requiredFileListQuery } },
    async (request: Req<{ query: typeof requiredFileListQuery }>) => listRequiredFiles(app.db, request.query),
  )

  createRoute(app, '/api/document_required_file/', manager, requiredFileInput, {
    entity: 'document_required_file',
    find: findRequiredFile,
    create: insertRequiredFile,
  })

  // JSON edits the names; multipart with the field `files` uploads the sample (the spec sends them one after the other).
  app.patch('/api/document_required_file/:id/', { config: manager, schema: { params: idParams } }, async (request: Req<{ params: typeof idParams }>, reply) => {
    const upload = request.isMultipart() ? await receiveMultipart(app, request) : null
    const body = upload ? {} : parseOr400(requiredFileUpdate, request.body === undefined ? {} : request.body)
    const files = upload?.files ?? []
    return keepFilesIf(files, reply, () => {
      if (upload && files.length !== 1) throw fieldError('files', files.length === 0 ? T.fileMissing : T.oneFileOnly)
      return updateAudited(request, reply, {
        entity: 'document_required_file',
        id: request.params.id,
        action: upload ? 'upload_sample' : 'update',
        find: findRequiredFile,
        update: async (tx) => {
          const [exampleId] = await recordFiles(tx, files, request.user().user_id)
          await updateRequiredFile(tx, request.params.id, { ...body, ...(exampleId ? { example_file_id: exampleId } : {}) })
        },
      })
    })
  })
}
