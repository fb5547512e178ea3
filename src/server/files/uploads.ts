import type { FastifyReply } from 'fastify'
import { removeSaved, type SavedFile } from './storage'

/** The required-file id a multipart field name ends with (`files_24`, `file24`), or null. */
export function requiredFileIdOf(fieldname: string): number | null {
  const match = /(\d{1,9})$/.exec(fieldname)
  return match ? Number(match[1]) : null
}

/**
 * Runs the database side of an upload: if it fails, or an idempotent replay answers without storing, the files
 * written for this request are removed again.
 */
export async function keepFilesIf<T>(files: SavedFile[], reply: FastifyReply, work: () => Promise<T>): Promise<T> {
  try {
    const result = await work()
    if (reply.getHeader('Idempotent-Replayed')) await removeSaved(files)
    return result
  } catch (error) {
    await removeSaved(files)
    throw error
  }
}
