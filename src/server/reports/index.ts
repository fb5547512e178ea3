import { once } from 'node:events'
import { PassThrough, type Readable } from 'node:stream'
import { eq, inArray } from 'drizzle-orm'
import { reportRequestErrors, type ReportName, type ReportQuery } from '../../shared/schemas/reports'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { accounts, represents } from '../db/schema'
import { badRequest, fieldError } from '../lib/http-errors'
import type { Period, ReportContext } from './context'
import { form008 } from './forms/form008'
import { form00102 } from './forms/form00102'
import { form010 } from './forms/form010'
import { form80020 } from './forms/form80020'
import { reportFileName } from './file-names'
import { xml80020 } from './forms/xml80020'
import { resolvePoints } from './selection'
import { loadScheme } from './tariffs'

/** `built` settles (never rejects) when the file is made: a streamed XLSX may still be on its way to the client. */
export type ReportFile = { fileName: string; contentType: string; body: Readable | Buffer; built: Promise<void> }

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** The account whose settings a report uses: the user's own, or the first one for a user without an account. */
async function accountOf(db: Executor, accountId: number | null) {
  const query = db.select({ inn: accounts.inn, name: accounts.name, time_zone: accounts.time_zone }).from(accounts)
  const [row] = accountId === null ? await query.orderBy(accounts.account_id).limit(1) : await query.where(eq(accounts.account_id, accountId))
  if (!row) throw badRequest(T.notFound)
  return row
}

/** The points a request names: the point of a point-based form, or the chosen objects' and points' together. */
function pointSelection(q: ReportQuery): { representIds: number[]; pointIds: number[] } {
  if (q.report === 'Form80020Report' || q.report === 'Form80020XmlReport') return { representIds: [], pointIds: [q.point_id!] }
  if (q.report === 'Form00102Report') return { representIds: [], pointIds: [...new Set([...(q.point_id ? [q.point_id] : []), ...q.points_id])] }
  return { representIds: q.represents_id, pointIds: q.points_id }
}

/**
 * Checks a request against the rules of the forms and the database, then starts making its file: the XLSX forms
 * stream while they are written, so the caller sends `body` at once; bad input is a 400 before anything is sent.
 */
export async function makeReport(db: Executor, accountId: number | null, q: ReportQuery, now = new Date()): Promise<ReportFile> {
  const errors = reportRequestErrors(q)
  if (errors) throw badRequest(errors)
  const account = await accountOf(db, accountId)
  const scheme = await loadScheme(db, accountId, q.tariff_scheme_id)
  if (!scheme) throw fieldError('tariff_scheme_id', T.reportSchemeNotFound)

  const { representIds, pointIds } = pointSelection(q)
  const points = await resolvePoints(db, representIds, pointIds)
  const found = new Set(points.map((p) => p.point_id))
  if (pointIds.some((id) => !found.has(id))) throw fieldError(q.point_id ? 'point_id' : 'points_id', T.reportPointsNotFound)
  if (points.length === 0) throw fieldError('represents_id', T.reportObjectsEmpty)
  const objectNames = representIds.length
    ? (await db.select({ id: represents.represent_id, name: represents.name }).from(represents).where(inArray(represents.represent_id, representIds)))
        .sort((a, b) => representIds.indexOf(a.id) - representIds.indexOf(b.id))
        .map((r) => r.name)
    : []

  const ctx: ReportContext = { db, timeZone: account.time_zone, account, scheme, points, objectNames, representIds, pointIds, now }
  const period: Period = { first: q.beg_date ?? q.date!, last: q.end_date ?? q.date! }
  return FORMS[q.report](ctx, q, period)
}

type XlsxForm = Exclude<ReportName, 'Form80020XmlReport'>

/** An XLSX form streams while it is written: the caller sends `body` at once; a failure midway ends the stream. */
function xlsx(ctx: ReportContext, form: XlsxForm, period: Period, write: (out: PassThrough) => Promise<void>): ReportFile {
  const out = new PassThrough()
  // A client gone midway destroys `out`: the writer stops at its next row, and a commit already under way would wait
  // for a `finish` that never comes, so the building ends when `out` closes too.
  const built = Promise.race([write(out), once(out, 'close')]).then(
    () => undefined,
    (error: unknown) => void out.destroy(error instanceof Error ? error : new Error(String(error))),
  )
  return { fileName: reportFileName(form, ctx.objectNames, ctx.points, period), contentType: XLSX, body: out, built }
}

/** Every form by its name: a new name in REPORT_NAMES does not compile until it has its maker here. */
const FORMS: Record<ReportName, (ctx: ReportContext, q: ReportQuery, period: Period) => ReportFile | Promise<ReportFile>> = {
  Form008Report: (ctx, q, period) => xlsx(ctx, 'Form008Report', period, (out) => form008(ctx, q.date!, out)),
  Form00102Report: (ctx, _q, period) => xlsx(ctx, 'Form00102Report', period, (out) => form00102(ctx, period, out)),
  Form80020Report: (ctx, _q, period) => xlsx(ctx, 'Form80020Report', period, (out) => form80020(ctx, period, out)),
  Form010Report: (ctx, _q, period) => xlsx(ctx, 'Form010Report', period, (out) => form010(ctx, period, out)),
  Form80020XmlReport: async (ctx, _q, period) => ({ ...(await xml80020(ctx, period)), built: Promise.resolve() }),
}
