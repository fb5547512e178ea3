import { eq, or, sql } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { documentCloseFiles, documentRequestAttachments, documentRequests, documentRequiredFiles, storedFiles } from '../db/schema'

export async function findStoredFile(db: Executor, fileName: string) {
  const [file] = await db.select().from(storedFiles).where(eq(storedFiles.file_name, fileName))
  return file
}

/** Whether the file is the sample of a required file (which anyone signed in may see). */
export async function isSampleFile(db: Executor, fileId: number): Promise<boolean> {
  const [sample] = await db
    .select({ id: documentRequiredFiles.doc_required_file_id })
    .from(documentRequiredFiles)
    .where(eq(documentRequiredFiles.example_file_id, fileId))
    .limit(1)
  return sample !== undefined
}

/** The account and subscriber of the application the file is attached to or closes, if any. */
export async function applicationOfFile(db: Executor, fileId: number) {
  const [owner] = await db
    .select({ account_id: documentRequests.account_id, customer_id: documentRequests.customer_id })
    .from(documentRequests)
    .where(
      or(
        sql`exists (select 1 from ${documentRequestAttachments} a where a.doc_request_id = ${documentRequests}.doc_request_id and a.file_id = ${fileId})`,
        sql`exists (select 1 from ${documentCloseFiles} c where c.doc_request_id = ${documentRequests}.doc_request_id and c.file_id = ${fileId})`,
      ),
    )
    .limit(1)
  return owner
}
