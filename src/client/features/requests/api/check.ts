import { queryOptions, useQuery } from '@tanstack/react-query'
import { CHECK_POLL_MS } from '../../../../shared/constants'
import { requestCheck } from '../../../../shared/schemas/requests'
import { api } from '../../../lib/api-client'

export const requestCheckKey = ['requests', 'check'] as const

/** GET /api/document_request/check/ every 10 s: the side-menu badges, and a heartbeat others may reuse. */
export const requestCheckQueryOptions = () =>
  queryOptions({
    queryKey: requestCheckKey,
    queryFn: ({ signal }) => api('/api/document_request/check/', { schema: requestCheck, signal }),
    refetchInterval: CHECK_POLL_MS,
    refetchIntervalInBackground: true,
  })

const useRequestCheck = (enabled = true) => useQuery({ ...requestCheckQueryOptions(), enabled })

/** The two badges of the 'Входящие заявки' menu entry: unassigned applications, new messages. */
export function useRequestBadges() {
  const { data } = useRequestCheck()
  return [
    { value: data?.unassigned ?? 0, label: 'Неназначенные заявки', colorPalette: 'orange' },
    { value: data?.new_messages ?? 0, label: 'Новые сообщения', colorPalette: 'red' },
  ]
}
