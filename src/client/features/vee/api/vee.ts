import { queryOptions } from '@tanstack/react-query'
import { veeReviewAnswer, type VeeAcceptInput, type VeeEditInput } from '../../../../shared/schemas/vee'
import { api } from '../../../lib/api-client'
import { useWrite } from '../../../lib/writes'

/** Whose intervals a review lists: a point's or an object's, over a period of days. */
export type VeeScope = { point_id?: number; represent_id?: number; beg_date: string; end_date: string }

const DAY_MS = 86_400_000
const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10)

/** A point's or an object's review over the last 31 days, today included. */
export const recentScope = (target: { point_id: number } | { represent_id: number }, now = Date.now()): VeeScope => ({
  ...target,
  beg_date: isoDay(now - 30 * DAY_MS),
  end_date: isoDay(now),
})

const veeKeys = {
  all: ['vee'] as const,
  review: (scope: VeeScope) => ['vee', 'review', scope] as const,
}

export const veeReviewQueryOptions = (scope: VeeScope) =>
  queryOptions({
    queryKey: veeKeys.review(scope),
    queryFn: ({ signal }) => api('/api/vee/intervals/', { query: scope, schema: veeReviewAnswer, signal }),
  })

/** A half-hour accepted as it is, or given another value; the reviews show it at once. */
export const useReviewInterval = () =>
  useWrite(
    (review: { mode: 'accept'; input: VeeAcceptInput } | { mode: 'edit'; input: VeeEditInput }) =>
      api(`/api/vee/intervals/${review.mode}/`, { method: 'POST', body: review.input }),
    [veeKeys.all],
  )
