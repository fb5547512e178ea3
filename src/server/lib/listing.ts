import { asc, desc, sql, type SQL } from 'drizzle-orm'
import type { AnyColumn } from 'drizzle-orm'
import { T } from '../../shared/texts'
import { fieldError } from './http-errors'

/**
 * `ordering=name` or `-name` against the columns a list allows; an unknown field is a 400, not a silent default.
 * A tie-breaker keeps pages stable.
 */
export function orderingOf(
  ordering: string,
  allowed: Record<string, AnyColumn | SQL>,
  fallback: SQL[],
  tieBreaker?: AnyColumn,
): SQL[] {
  if (!ordering) return fallback
  const parts: SQL[] = []
  for (const raw of ordering.split(',')) {
    const descending = raw.startsWith('-')
    const column = allowed[descending ? raw.slice(1) : raw]
    if (!column) throw fieldError('ordering', T.oneOf(Object.keys(allowed)))
    parts.push(descending ? desc(column) : asc(column))
  }
  if (tieBreaker) parts.push(asc(tieBreaker))
  return parts
}

/** Escapes LIKE wildcards so that a search for "50%" finds "50%" literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * The column a "contains" search is matched against. pg_trgm narrows nothing below three characters, yet a prepared
 * statement's generic plan would still walk the whole trigram index for such a search: a shorter one is written as
 * an expression no index serves, so it reads the table (a new statement text, with its own plan).
 */
export const trigramTarget = (column: AnyColumn, search: string): SQL => (search.length < 3 ? sql`(${column} || '')` : sql`${column}`)
