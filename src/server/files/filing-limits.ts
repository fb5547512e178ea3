import { sql } from 'drizzle-orm'
import { MB } from '../../shared/constants'
import { T } from '../../shared/texts'
import type { Config } from '../config'
import type { Executor } from '../db/client'
import { badRequest } from '../lib/http-errors'
import { workSlots } from '../lib/work-slots'
import type { SavedFile } from './storage'

/** The advisory lock class of one subscriber's filings (the second key is the customer id). */
const FILING_LOCK = 1707

/** The applications a subscriber filed in the last 24 hours, and the bytes of files it keeps in all of them. */
async function usageOf(db: Executor, customerId: number): Promise<{ filed: number; kept: number }> {
  const [usage] = (
    await db.execute<{ filed: number; kept: string }>(sql`
      select (select count(*)::int from document_requests r where r.customer_id = ${customerId} and r.created_at > now() - interval '1 day') as filed,
        (select coalesce(sum(f.size), 0)::text from document_requests r
          join document_request_attachments a on a.doc_request_id = r.doc_request_id
          join stored_files f on f.file_id = a.file_id
          where r.customer_id = ${customerId}) as kept`)
  ).rows
  return { filed: usage!.filed, kept: Number(usage!.kept) }
}

function refusePastDailyCount(filed: number, config: Config) {
  if (filed >= config.subscriberApplicationsPerDay) throw badRequest({ non_field_errors: [T.applicationsPerDayExceeded(config.subscriberApplicationsPerDay)] })
}

/** What a filing refused while another of its subscriber's is read is told to wait: a slow upload of a few files. */
export const FILING_RETRY_AFTER_S = 5

/**
 * One filing of a subscriber (its customer, whichever of its users files) read at a time in this process: each is read
 * against what its quota has left, which filings read at once would each have been given whole.
 */
export const filingSlots = () => workSlots({ perHolder: 1, retryAfterS: FILING_RETRY_AFTER_S, mine: T.filingInProgress })

/**
 * Before a filing's body is read, in its slot: refuses a subscriber that has filed its applications of the day, and answers
 * the bytes left of its quota, the most the request may then write to disk. Not under the lock: the filing's
 * transaction counts again (`checkFilingLimits`), and this only keeps a refused request from being read first.
 */
export async function filingRoom(db: Executor, customerId: number, config: Config): Promise<number> {
  const usage = await usageOf(db, customerId)
  refusePastDailyCount(usage.filed, config)
  return Math.max(0, config.subscriberUploadQuotaBytes - usage.kept)
}

/**
 * A subscriber writes at most `subscriberCommentsPerDay` comments on its applications' files in 24 hours, counted
 * under its filings' lock so that comments sent at once cannot all pass.
 */
export async function checkCommentLimit(tx: Executor, customerId: number, config: Config): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FILING_LOCK}, ${customerId})`)
  const [row] = (
    await tx.execute<{ written: number }>(sql`
      select count(*)::int as written from document_attachment_comments c
        join document_requests r on r.doc_request_id = c.doc_request_id
        where r.customer_id = ${customerId} and not c.by_staff and c.created_at > now() - interval '1 day'`)
  ).rows
  if (row!.written >= config.subscriberCommentsPerDay) throw badRequest({ non_field_errors: [T.commentsPerDayExceeded(config.subscriberCommentsPerDay)] })
}

/**
 * A subscriber (a customer, whichever of its users files) files at most `subscriberApplicationsPerDay`
 * applications in 24 hours and keeps at most `subscriberUploadQuotaBytes` of files in them. Its filings take
 * turns on an advisory lock, so that two at once cannot both pass on the same count.
 */
export async function checkFilingLimits(tx: Executor, customerId: number, files: SavedFile[], config: Config): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${FILING_LOCK}, ${customerId})`)
  const usage = await usageOf(tx, customerId)
  refusePastDailyCount(usage.filed, config)
  const incoming = files.reduce((sum, f) => sum + f.size, 0)
  if (usage.kept + incoming > config.subscriberUploadQuotaBytes) {
    throw badRequest({ non_field_errors: [T.uploadQuotaExceeded(config.subscriberUploadQuotaBytes / MB)] })
  }
}
