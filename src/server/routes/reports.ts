import type { FastifyInstance } from 'fastify'
import { accountTariffSchemeInput, marketAreaInput, reportPointSearchQuery, reportQuery } from '../../shared/schemas/reports'
import { T } from '../../shared/texts'
import { fieldError, notFound } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import { audit } from '../lib/audit'
import type { Req } from '../lib/route-types'
import { rowRoute, updateRoute } from '../lib/row-route'
import { contentDisposition } from '../lib/content-disposition'
import { makeReport, type ReportFile } from '../reports'
import { reportSlots } from '../reports/slots'
import { searchReportPoints } from '../reports/point-search'
import { listSchemes, loadScheme, setAccountScheme } from '../reports/tariffs'
import { findMarketArea, setMarketArea } from '../repositories/represents'

export async function reportRoutes(app: FastifyInstance) {
  // A report is built on the main thread: one per user and a few in all, the rest refused with 429 (reports/slots.ts).
  const slots = reportSlots()

  app.post(
    '/api/get_report/',
    { config: { permission: 'reports.export' }, schema: { querystring: reportQuery } },
    async (request: Req<{ query: typeof reportQuery }>, reply) => {
      const me = request.user()
      const release = slots.take(me.user_id)
      let file: ReportFile
      try {
        file = await makeReport(app.db, me.account_id, request.query)
      } catch (error) {
        release()
        throw error
      }
      // The slot is the building's: a client reading the file slowly holds a socket, not the main thread.
      void file.built.then(release)
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', contentDisposition(file.fileName))
        .header('Cache-Control', 'no-store')
        .send(file.body)
    },
  )

  app.get(
    '/api/reports/points/',
    { config: { permission: 'reports.export' }, schema: { querystring: reportPointSearchQuery } },
    async (request: Req<{ query: typeof reportPointSearchQuery }>) => ({ results: await searchReportPoints(app.db, request.query.search) }),
  )

  /** The owner of an object's metering area, the `<area>` of its points' 80020 messages: read and set. */
  rowRoute(app, '/api/represents/:id/market_area/', { permission: 'represents.view' }, findMarketArea)

  updateRoute(app, 'put', '/api/represents/:id/market_area/', { permission: 'represents.change' }, marketAreaInput, {
    entity: 'represent',
    find: findMarketArea,
    update: setMarketArea,
  })

  /** Tariff zone schemes, with the one the user's account uses by default. */
  app.get('/api/tariff_schemes/', { config: { permission: 'reports.export' } }, async (request) => {
    const accountId = request.user().account_id
    const chosen = await loadScheme(app.db, accountId)
    const results = (await listSchemes(app.db)).map((s) => ({ ...s, is_account_default: s.tariff_scheme_id === chosen?.tariff_scheme_id }))
    return { count: results.length, results }
  })

  /** Chooses the scheme the account's reports use unless a report names another. */
  app.put(
    '/api/tariff_schemes/account/',
    { config: { permission: 'account.change' }, schema: { body: accountTariffSchemeInput } },
    async (request: Req<{ body: typeof accountTariffSchemeInput }>, reply) => {
      const accountId = request.user().account_id
      if (accountId === null) throw notFound()
      const schemeId = request.body.tariff_scheme_id
      if (!(await loadScheme(app.db, accountId, schemeId))) throw fieldError('tariff_scheme_id', T.reportSchemeNotFound)
      return mutate(request, reply, async (tx) => {
        const before = (await loadScheme(tx, accountId))?.tariff_scheme_id ?? null
        await setAccountScheme(tx, accountId, schemeId)
        await audit(tx, request, 'account_tariff_scheme', accountId, 'update', { tariff_scheme_id: before }, { tariff_scheme_id: schemeId })
        return { tariff_scheme_id: schemeId }
      })
    },
  )
}
