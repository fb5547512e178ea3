import { createReadStream } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { eq, or, sql } from 'drizzle-orm'
import { downloadParams } from '../../shared/schemas/requests'
import { documentCloseFiles, documentRequestAttachments, documentRequests, documentRequiredFiles, storedFiles } from '../db/schema'
import { forbidden, notFound } from '../lib/http-errors'
import type { Req } from '../lib/route-types'
import { filesDir } from '../files/storage'
import type { Principal } from '../plugins/auth'

/** Who may see a stored file: samples of required files anyone signed in; an application's files its staff and its subscriber. */
async function mayDownload(app: FastifyInstance, user: Principal, fileId: number): Promise<boolean> {
  const [sample] = await app.db.select({ id: documentRequiredFiles.doc_required_file_id }).from(documentRequiredFiles).where(eq(documentRequiredFiles.example_file_id, fileId)).limit(1)
  if (sample) return true
  const [owner] = await app.db
    .select({ account_id: documentRequests.account_id, customer_id: documentRequests.customer_id })
    .from(documentRequests)
    .where(
      or(
        sql`exists (select 1 from ${documentRequestAttachments} a where a.doc_request_id = ${documentRequests}.doc_request_id and a.file_id = ${fileId})`,
        sql`exists (select 1 from ${documentCloseFiles} c where c.doc_request_id = ${documentRequests}.doc_request_id and c.file_id = ${fileId})`,
      ),
    )
    .limit(1)
  if (!owner || owner.account_id !== user.account_id) return false
  return user.is_stuff ? user.permissions.has('requests.view') : owner.customer_id === user.customer_id
}

/** Downloads serve only names the database knows; a forged name is not found and nothing is read from disk. */
export async function fileRoutes(app: FastifyInstance) {
  app.get('/api/download/:file_name', { config: { access: 'user' }, schema: { params: downloadParams } }, async (request: Req<{ params: typeof downloadParams }>, reply) => {
    const [file] = await app.db.select().from(storedFiles).where(eq(storedFiles.file_name, request.params.file_name))
    if (!file) throw notFound()
    if (!(await mayDownload(app, request.user(), file.file_id))) throw forbidden()
    return reply
      .header('Content-Type', file.content_type)
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.real_file_name)}`)
      .header('Cache-Control', 'private, no-store')
      .send(createReadStream(path.join(filesDir(app), file.file_name)))
  })
}
