import { paged, type PageQuery } from './listing'

/** The content type fastify gives JSON it serialized; JSON text sent as is says it itself. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

/**
 * A list's answer as JSON text around rows the database wrote as JSON, sent without parsing them again. A row may
 * carry the list's total when it is kept and so costs nothing to ask along; otherwise the count is asked only when
 * the page does not show it (see `paged`).
 */
export async function pagedJson(rows: { json: string; total?: number }[], total: () => PromiseLike<{ count: number }[]>, query: PageQuery): Promise<string> {
  const carried = rows[0]?.total
  const { count, results } = await paged(rows, carried === undefined ? total : async () => [{ count: carried }], (row) => row.json, query)
  return `{"count":${count},"results":[${results.join(',')}]}`
}
