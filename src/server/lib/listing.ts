import { asc, count, desc, sql, type SQL } from 'drizzle-orm'
import type { AnyColumn } from 'drizzle-orm'
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core'
import { pageOf, type ListQuery, type Paged } from '../../shared/schemas/common'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { fieldError } from './http-errors'

/**
 * `ordering=name` or `-name` against the columns a list allows; an unknown field is a 400, not a silent default.
 * A tie-breaker keeps pages stable.
 */
export function orderingOf(ordering: string, allowed: Record<string, AnyColumn | SQL>, fallback: SQL[], tieBreaker?: AnyColumn): SQL[] {
  if (!ordering) return fallback
  const parts: SQL[] = []
  for (const raw of ordering.split(',')) {
    const descending = raw.startsWith('-')
    const name = descending ? raw.slice(1) : raw
    // Own keys only: `constructor` or `toString` must not reach the statement as a function.
    const column = Object.hasOwn(allowed, name) ? allowed[name] : undefined
    if (!column) throw fieldError('ordering', T.oneOf(Object.keys(allowed)))
    parts.push(descending ? desc(column) : asc(column))
  }
  if (tieBreaker) parts.push(asc(tieBreaker))
  return parts
}

/** Whether `ordering=` sorts by one of these fields (a list joins what only its sort needs). */
export const orderedBy = (ordering: string, fields: string[]): boolean => ordering.split(',').some((part) => fields.includes(part.replace(/^-/, '')))

/** Escapes LIKE wildcards so that a search for "50%" finds "50%" literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** A search as it shapes a statement: none, or shorter than a trigram, or long enough for the trigram index. */
export type SearchKind = 'none' | 'short' | 'trigram'
const searchKindOf = (search: string): SearchKind => (!search ? 'none' : search.length < 3 ? 'short' : 'trigram')

/** A page's part of a statement's key: its bounds are written into the text (see `withPage`). */
export const pageKey = (page: PageQuery): string => {
  const { limit, offset } = pageOf(page)
  return `${limit}|${offset}`
}

/** What of a list query shapes its statement (see statement-cache.ts); the search itself is bound. */
export type ListShape = { ordering: string; search: SearchKind; page: PageQuery }
export const listShapeOf = (query: ListQuery): ListShape => ({ ordering: query.ordering, search: searchKindOf(query.search), page: query })
export const listShapeKey = (shape: ListShape): string => `${shape.ordering}|${shape.search}|${pageKey(shape.page)}`

/**
 * The column a "contains" search is matched against. pg_trgm narrows nothing below three characters, yet a prepared
 * statement's generic plan would still walk the whole trigram index for such a search: a shorter one is written as
 * an expression no index serves, so it reads the table (a new statement text, with its own plan).
 */
export const trigramTarget = (column: AnyColumn, search: SearchKind): SQL => (search === 'short' ? sql`(${column} || '')` : sql`${column}`)

export type PageQuery = Parameters<typeof pageOf>[0]

/**
 * Applies a list query's page to a dynamic select. The bounds are written into the statement, not bound: for
 * `LIMIT $1` PostgreSQL prices a generic plan for an unknown share of the table and so plans every call again,
 * while a page's own statement is planned once and then reused (they are integers from pageOf, never text).
 */
export function withPage<Q extends PgSelect>(rows: Q, query: PageQuery): Q {
  const { limit, offset } = pageOf(query)
  const literal = (n: number) => sql.raw(String(Math.trunc(n))) as unknown as number
  return limit === null ? rows.offset(literal(offset)) : rows.limit(literal(limit)).offset(literal(offset))
}

/**
 * The rows whose ids a page's subquery chose, looked up by primary key. Written `= any(array(...))` rather than
 * `in (...)`: for an IN the planner may hash the ids and read the whole table (it did from 50 ids on), while an
 * array is computed once and its ids looked up in the index.
 */
export const amongIds = (id: AnyColumn | SQL, pageIds: PgSelect): SQL => sql`${id} = any(array(${pageIds}))`

/**
 * A list's rows and its count as two queries (the count needs no join, no ordering). The count is skipped when the
 * page itself shows the total: a short first or last page, which is what most searches give.
 */
export async function paged<TRow, TOut>(
  rows: TRow[] | PromiseLike<TRow[]>,
  total: () => PromiseLike<{ count: number }[]>,
  map: (row: TRow) => TOut,
  query?: PageQuery,
): Promise<Paged<TOut>> {
  const results = await rows
  const page = query && pageOf(query)
  const shortPage = page && (page.limit === null || results.length < page.limit) && (results.length > 0 || page.offset === 0)
  const count = shortPage ? page.offset + results.length : Number((await total())[0]?.count ?? 0)
  return { count, results: results.map(map) }
}

/**
 * A list read as a page of `rows`, filtered by `where` and sorted by `order`, and the count of the rows of `counted`
 * the same filter keeps (see `paged`); each row is answered as `map` makes it, or as it is.
 */
type ListedRows<TSelect extends PgSelect> = { rows: { $dynamic(): TSelect }; counted: PgTable; where?: SQL; order: SQL[] }
type RowOf<TSelect extends PgSelect> = TSelect['_']['result'][number]
export function listPage<TSelect extends PgSelect>(db: Executor, list: ListedRows<TSelect>, query: PageQuery): Promise<Paged<RowOf<TSelect>>>
export function listPage<TSelect extends PgSelect, TOut>(
  db: Executor,
  list: ListedRows<TSelect>,
  query: PageQuery,
  map: (row: RowOf<TSelect>) => TOut,
): Promise<Paged<TOut>>
export function listPage<TSelect extends PgSelect, TOut>(
  db: Executor,
  list: ListedRows<TSelect>,
  query: PageQuery,
  map: (row: RowOf<TSelect>) => TOut = (row) => row as TOut,
): Promise<Paged<TOut>> {
  return paged(
    withPage(
      list.rows
        .$dynamic()
        .where(list.where)
        .orderBy(...list.order),
      query,
    ),
    () => db.select({ count: count() }).from(list.counted).where(list.where),
    map,
    query,
  )
}
