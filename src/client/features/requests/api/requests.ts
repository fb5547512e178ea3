import { queryOptions, useQueryClient } from '@tanstack/react-query'
import { CHECK_POLL_MS, CLOSING_DOCUMENT_FILE_ID } from '../../../../shared/constants'
import {
  attachment,
  attachmentComment,
  attachmentList,
  closeFileList,
  documentRequest,
  documentRequestList,
  documentStatusList,
  type DocumentRequest,
  type DocumentRequestUpdate,
} from '../../../../shared/schemas/requests'
import { api } from '../../../lib/api-client'
import { pagedListQueryOptions } from '../../../lib/list-query'
import { useWrite } from '../../../lib/writes'
import type { RequestsSearch } from './requests-search'

const requestKeys = {
  all: ['requests'] as const,
  lists: ['requests', 'list'] as const,
  detail: (id: number) => ['requests', 'detail', id] as const,
  attachments: (id: number) => ['requests', 'detail', id, 'attachments'] as const,
  closeFiles: (id: number) => ['requests', 'detail', id, 'close-files'] as const,
  statuses: ['requests', 'statuses'] as const,
}

/** The inbox refreshes as often as the side-menu badges, so that what they count is in the list too. */
export const requestsQueryOptions = pagedListQueryOptions(
  requestKeys.all,
  '/api/document_request/',
  documentRequestList,
  (search: RequestsSearch) => ({ status: search.status, archived: search.archived, per_page: search.per_page, page: search.page }),
  { refetchInterval: CHECK_POLL_MS },
)

export const requestQueryOptions = (id: number) =>
  queryOptions({ queryKey: requestKeys.detail(id), queryFn: ({ signal }) => api(`/api/document_request/${id}/`, { schema: documentRequest, signal }) })

export const attachmentsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: requestKeys.attachments(id),
    queryFn: ({ signal }) => api('/api/document_request_attachment/', { query: { document_id: id }, schema: attachmentList, signal }),
  })

export const closeFilesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: requestKeys.closeFiles(id),
    queryFn: ({ signal }) => api('/api/document_close_file/', { query: { document_id: id }, schema: closeFileList, signal }),
  })

/** The status names come from the server list (administration.md section 4). */
export const statusesQueryOptions = () =>
  queryOptions({
    queryKey: requestKeys.statuses,
    queryFn: ({ signal }) => api('/api/document_status/', { schema: documentStatusList, signal }),
    staleTime: Infinity,
  })

export const updateRequest = (id: number, body: DocumentRequestUpdate) =>
  api(`/api/document_request/${id}/`, { method: 'PATCH', body, schema: documentRequest })

type RequestAction = 'archive' | 'unarchive' | 'viewed' | 'send_to_external'
const requestAction = (id: number, action: RequestAction) => api(`/api/document_request/${id}/${action}/`, { method: 'POST', schema: documentRequest })

/** Into the archive, or back out of it; the lists and the menu's counts (`requestCheckKey`, under `all`) refresh. */
export const useToggleArchive = () => useWrite((r: DocumentRequest) => requestAction(r.doc_request_id, r.archived ? 'unarchive' : 'archive'), [requestKeys.all])

/** The writes of an application's screen; each shows in the lists and in the menu's counts, as archiving does. */
export const useMarkViewed = () => useWrite((id: number) => requestAction(id, 'viewed'), [requestKeys.all])
export const useSendToExternal = () => useWrite((id: number) => requestAction(id, 'send_to_external'), [requestKeys.all])
export const useUpdateRequest = (id: number) => useWrite((body: DocumentRequestUpdate) => updateRequest(id, body), [requestKeys.all])

/**
 * What the `onChanged` of the screen's parts that write by themselves (the status menu, the attachments) calls: the
 * lists and the menu's counts are read again, and the promise settles once they are.
 */
export function useRequestsRefresh() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: requestKeys.all })
}

/** Closing documents go under the closing-documents required file (24), as `files_24` fields: the server's refusals of a file are keyed so. */
export const CLOSE_FILES_FIELD = `files_${CLOSING_DOCUMENT_FILE_ID}`

export function uploadCloseFiles(id: number, files: File[]) {
  const body = new FormData()
  body.set('doc_request_id', String(id))
  for (const file of files) body.append(CLOSE_FILES_FIELD, file)
  return api('/api/document_close_file/', { method: 'POST', body, schema: closeFileList })
}

/** Status 2 carries the refusal reason, which the server posts as a comment in the same change. */
export const setAttachmentStatus = (attachId: number, status: number, reason?: string) =>
  api(`/api/document_request_attachment/${attachId}/`, {
    method: 'PATCH',
    body: { doc_request_attach_status: status, doc_attachment_comment: reason },
    schema: attachment,
  })

export const markAttachmentViewed = (attachId: number) => api(`/api/document_request_attachment/${attachId}/viewed/`, { method: 'POST', schema: attachment })

export const addComment = (requestId: number, attachId: number, text: string) =>
  api('/api/document_request_attachment_comment/', {
    method: 'POST',
    body: { doc_attachment: attachId, doc_request_id: requestId, doc_attachment_comment: text },
    schema: attachmentComment,
  })
