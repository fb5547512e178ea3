import { once } from 'node:events'
import { createReadStream } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { downloadParams } from '../../shared/schemas/requests'
import { T } from '../../shared/texts'
import { contentDisposition } from '../lib/content-disposition'
import { forbidden, notFound } from '../lib/http-errors'
import type { Req } from '../lib/route-types'
import { filesDir } from '../files/storage'
import type { Principal } from '../plugins/auth'
import { applicationOfFile, findStoredFile, isSampleFile } from '../repositories/stored-files'

/** Who may see a stored file: samples of required files anyone signed in; an application's files its staff and its subscriber. */
async function mayDownload(app: FastifyInstance, user: Principal, fileId: number): Promise<boolean> {
  if (await isSampleFile(app.db, fileId)) return true
  const owner = await applicationOfFile(app.db, fileId)
  if (!owner || owner.account_id !== user.account_id) return false
  return user.is_stuff ? user.permissions.has('requests.view') : owner.customer_id === user.customer_id
}

/** Downloads serve only names the database knows; a forged name is not found and nothing is read from disk. */
export async function fileRoutes(app: FastifyInstance) {
  app.get(
    '/api/download/:file_name',
    { config: { access: 'user' }, schema: { params: downloadParams } },
    async (request: Req<{ params: typeof downloadParams }>, reply) => {
      const file = await findStoredFile(app.db, request.params.file_name)
      if (!file) throw notFound()
      if (!(await mayDownload(app, request.user(), file.file_id))) throw forbidden()
      const content = createReadStream(path.join(filesDir(app), file.file_name))
      try {
        await once(content, 'open')
      } catch (error) {
        // The database knows the file, the disk does not: a restore without the files folder, a hand's deletion.
        request.log.error({ err: error, file_name: file.file_name }, 'a stored file is missing from the files folder')
        throw notFound(T.storedFileLost)
      }
      return reply
        .header('Content-Type', file.content_type)
        .header('Content-Disposition', contentDisposition(file.real_file_name))
        .header('Cache-Control', 'private, no-store')
        .send(content)
    },
  )
}
