import { queryOptions } from '@tanstack/react-query'
import type * as v from 'valibot'
import type { documentTypeForm, RequiredFile, requiredFileInput } from '../../../../shared/schemas/requests'
import { documentType, documentTypeList, requiredFile, requiredFileList } from '../../../../shared/schemas/requests'
import { api } from '../../../lib/api-client'
import type { ListSearch } from '../../../lib/list-search'
import { pagedListQueryOptions } from '../../../lib/list-query'

const requestTypeKeys = {
  types: ['request-types'] as const,
  files: ['required-files'] as const,
  allFiles: ['required-files', 'all'] as const,
}

const paging = (search: ListSearch) => ({ per_page: search.per_page, page: search.page })

export const requestTypesQueryOptions = pagedListQueryOptions(requestTypeKeys.types, '/api/document_type/', documentTypeList, paging)
export const requiredFilesQueryOptions = pagedListQueryOptions(requestTypeKeys.files, '/api/document_required_file/', requiredFileList, paging)

/** Every required file, for linking them to a request type. */
export const allRequiredFilesQueryOptions = () =>
  queryOptions({
    queryKey: requestTypeKeys.allFiles,
    queryFn: ({ signal }) => api('/api/document_required_file/', { query: { page_size: 'all' }, schema: requiredFileList, signal }),
  })

type TypeForm = v.InferOutput<typeof documentTypeForm>

/** Saves the type, then sets its required files to exactly the chosen ones (one call adds and removes). */
export async function saveRequestType(id: number | null, body: TypeForm, requiredFiles: number[]) {
  const saved =
    id === null
      ? await api('/api/document_type/', { method: 'POST', body, schema: documentType })
      : await api(`/api/document_type/${id}/`, { method: 'PATCH', body, schema: documentType })
  return api('/api/document_required_file_link/', {
    method: 'POST',
    body: { doc_type_id: saved.doc_type_id, required_files: requiredFiles },
    schema: documentType,
  })
}

type FileForm = v.InferOutput<typeof requiredFileInput>

/**
 * Saves the names as JSON, then uploads the sample (multipart field `files`) when one was chosen. `onSaved` hears of
 * the record before the upload: a refused upload leaves it saved, and the caller goes on editing it, not adding another.
 */
export async function saveRequiredFile(id: number | null, body: FileForm, sample: File | null, onSaved: (saved: RequiredFile) => void) {
  const saved =
    id === null
      ? await api('/api/document_required_file/', { method: 'POST', body, schema: requiredFile })
      : await api(`/api/document_required_file/${id}/`, { method: 'PATCH', body, schema: requiredFile })
  onSaved(saved)
  if (!sample) return saved
  const upload = new FormData()
  upload.set('files', sample)
  return api(`/api/document_required_file/${saved.doc_required_file_id}/`, { method: 'PATCH', body: upload, schema: requiredFile })
}
