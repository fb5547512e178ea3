import { queryOptions } from '@tanstack/react-query'
import { representPoints, representTree } from '../../../../shared/schemas/represents'
import { reportPointHits, tariffSchemeList, type ReportQuery } from '../../../../shared/schemas/reports'
import { api, downloadFile } from '../../../lib/api-client'

const reportKeys = {
  tree: ['reports', 'tree'] as const,
  objectPoints: (id: number) => ['reports', 'object-points', id] as const,
  schemes: ['reports', 'tariff-schemes'] as const,
  pointSearch: (search: string) => ['reports', 'point-search', search] as const,
}

/** The objects of the picker (represent_id, parent_id, name). */
export const reportTreeQueryOptions = () =>
  queryOptions({ queryKey: reportKeys.tree, queryFn: async ({ signal }) => (await api('/api/represents/all/', { schema: representTree, signal })).results })

/** The points linked to one object, loaded when its node is expanded. */
export const objectPointsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: reportKeys.objectPoints(id),
    queryFn: async ({ signal }) =>
      (await api(`/api/represents/${id}/points/`, { schema: representPoints, signal })).map(({ point_id, name, point_number }) => ({
        point_id,
        name,
        point_number,
      })),
  })

/** Points found by name or identifier, whether or not they belong to an object. */
export const reportPointSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: reportKeys.pointSearch(search),
    queryFn: async ({ signal }) => (await api('/api/reports/points/', { query: { search }, schema: reportPointHits, signal })).results,
    enabled: search.trim() !== '',
  })

export const tariffSchemesQueryOptions = () =>
  queryOptions({
    queryKey: reportKeys.schemes,
    queryFn: async ({ signal }) => (await api('/api/tariff_schemes/', { schema: tariffSchemeList, signal })).results,
  })

/** Asks the server for a report and saves the file under the name the server gives it. */
export const downloadReport = (query: ReportQuery) =>
  downloadFile('/api/get_report/', {
    method: 'POST',
    query: { ...query, points_id: query.points_id.join(','), represents_id: query.represents_id.join(',') },
  })
