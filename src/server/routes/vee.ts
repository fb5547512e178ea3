import type { FastifyInstance } from 'fastify'
import { INTERVAL_STATUS } from '../../shared/metering'
import { veeAcceptInput, veeEditInput, veeReviewQuery } from '../../shared/schemas/vee'
import { T } from '../../shared/texts'
import { checkSpanLength } from '../balance/profile'
import { audit } from '../lib/audit'
import { badRequest, fieldError, notFound } from '../lib/http-errors'
import { mutate } from '../lib/mutation'
import type { Req } from '../lib/route-types'
import type { Executor } from '../db/client'
import { accountTimeZone } from '../repositories/accounts'
import { writtenInstant } from '../reports/time'
import { VEE_METHOD } from '../vee/settings'
import { changeInterval, lockInterval, reviewIntervals, type IntervalKey, type StoredInterval } from '../vee/review'

const { VALID, ESTIMATED, SUSPECT, EDITED } = INTERVAL_STATUS
/** The longest period one review lists. */
const REVIEW_MAX_DAYS = 93

const keyOf = (body: { counter_id: number; channel: number; interval_start: string }, timeZone: string): IntervalKey => ({
  counter_id: body.counter_id,
  channel: body.channel,
  interval_start: writtenInstant(body.interval_start, timeZone)!,
})
const auditId = (key: IntervalKey) => `${key.counter_id}:${key.channel}:${key.interval_start.toISOString()}`

/**
 * A person's change of the interval the body names (an acceptance's body, or an edit's, which adds the value): locked,
 * replaced by what `next` makes of it (with its history row saying why) and audited.
 */
async function changeByHand(
  tx: Executor,
  request: Req<{ body: typeof veeAcceptInput }>,
  method: string,
  next: (before: StoredInterval) => StoredInterval,
): Promise<StoredInterval> {
  const key = keyOf(request.body, await accountTimeZone(tx, request.user().account_id))
  const before = await lockInterval(tx, key)
  if (!before) throw notFound(T.veeIntervalNotFound)
  const after = next(before)
  await changeInterval(tx, key, before, after, { method, reason: request.body.reason, userId: request.user().user_id })
  await audit(tx, request, 'interval_values', auditId(key), 'update', before, after, request.body.reason)
  return after
}

/** VEE review (docs/vee.md): the flagged and estimated intervals of a point or an object, accepted or edited by a person. */
export async function veeRoutes(app: FastifyInstance) {
  app.get(
    '/api/vee/intervals/',
    { config: { permission: 'data.view' }, schema: { querystring: veeReviewQuery } },
    async (request: Req<{ query: typeof veeReviewQuery }>) => {
      const q = request.query
      if (q.beg_date > q.end_date) throw fieldError('end_date', T.periodEndBeforeBegin)
      checkSpanLength(new Date(q.beg_date), new Date(q.end_date), REVIEW_MAX_DAYS, 'end_date')
      const timeZone = await accountTimeZone(app.db, request.user().account_id)
      return { results: await reviewIntervals(app.db, { pointId: q.point_id, representId: q.represent_id }, q.beg_date, q.end_date, timeZone) }
    },
  )

  /** Accepting a suspect interval makes it valid; accepting an estimate keeps it estimated (not the meter's), reviewed. */
  app.post(
    '/api/vee/intervals/accept/',
    { config: { permission: 'data.edit' }, schema: { body: veeAcceptInput } },
    (request: Req<{ body: typeof veeAcceptInput }>, reply) =>
      mutate(request, reply, (tx) =>
        changeByHand(tx, request, VEE_METHOD.ACCEPT, (before) => {
          if (before.status !== SUSPECT && before.status !== ESTIMATED) throw badRequest(T.veeNotReviewable)
          return { value: before.value, status: before.status === SUSPECT ? VALID : ESTIMATED }
        }),
      ),
  )

  app.post(
    '/api/vee/intervals/edit/',
    { config: { permission: 'data.edit' }, schema: { body: veeEditInput } },
    (request: Req<{ body: typeof veeEditInput }>, reply) =>
      mutate(request, reply, (tx) => changeByHand(tx, request, VEE_METHOD.MANUAL, () => ({ value: request.body.value, status: EDITED }))),
  )
}
