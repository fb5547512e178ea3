import { sql, type SQL } from 'drizzle-orm'
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

/**
 * A list's whole answer, `{"count":…,"results":[…]}`, as one value of one row: the database joins the page's rows,
 * each already JSON, in the page's order, and hands over the UTF-8 bytes the server sends as they are. Read as text,
 * the answer is decoded into a JavaScript string by the driver (the embedded worker's thread, or node-postgres) and
 * encoded again for the socket, Cyrillic taking the slow path both ways, and each row costs the driver and Drizzle
 * again. PostgreSQL writes bytea as hex for node-postgres, twice the size (docs/applications.md, «Volume»).
 * `order` is the page's ordering over the same rows; `count` is asked along, so it must be cheap (kept or small).
 */
export const listAnswer = (rowJson: SQL, order: SQL[], count: SQL): SQL<Buffer> =>
  sql`convert_to('{"count":' || (${count}) || ',"results":[' || coalesce(string_agg(${rowJson}, ',' order by ${sql.join(order, sql`, `)}), '') || ']}', 'UTF8')`
