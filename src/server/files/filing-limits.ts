import { sql } from 'drizzle-orm'
import { T } from '../../shared/texts'
import type { Config } from '../config'
import type { Executor } from '../db/client'
import { badRequest } from '../lib/http-errors'
import type { SavedFile } from './storage'

export const MB = 1024 * 1024

/** The advisory lock class of one subscriber's filings (the second key is the customer id). */
const FILING_LOCK = 1707

/**
 * A subscriber (a customer, whichever of its users files) files at most `subscriberApplicationsPerDay`
 * applications in 24 hours and keeps at most `subscriberUploadQuotaBytes` of files in them. Its filings take
 * turns on an advisory lock, so that two at once cannot both pass on the same count.
 */
export async function checkFilingLimits(tx: Executor, customerId: number, files: SavedFile[], config: Config): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FILING_LOCK}, ${customerId})`)
  const [usage] = (
    await tx.execute<{ filed: number; kept: string }>(sql`
      select (select count(*)::int from document_requests r where r.customer_id = ${customerId} and r.created_at > now() - interval '1 day') as filed,
        (select coalesce(sum(f.size), 0)::text from document_requests r
          join document_request_attachments a on a.doc_request_id = r.doc_request_id
          join stored_files f on f.file_id = a.file_id
          where r.customer_id = ${customerId}) as kept`)
  ).rows
  if (usage!.filed >= config.subscriberApplicationsPerDay)
    throw badRequest({ non_field_errors: [T.applicationsPerDayExceeded(config.subscriberApplicationsPerDay)] })
  const incoming = files.reduce((sum, f) => sum + f.size, 0)
  if (Number(usage!.kept) + incoming > config.subscriberUploadQuotaBytes) {
    throw badRequest({ non_field_errors: [T.uploadQuotaExceeded(config.subscriberUploadQuotaBytes / MB)] })
  }
}
