import { PAGE_SIZE_DEFAULT } from '../../shared/constants'
import type { ListDefinition, SortValue } from './lists'

export interface ListQuery {
  /** Case-insensitive substring, as the server's `search`. */
  search?: string
  /** The list's orderings, comma-separated, '-' in front for descending; an unknown key falls back to the default. */
  ordering?: string
  /** 1-based. */
  page?: number
  perPage?: number | 'all'
}

/** The server's list answer shape, so a screen reads the cache and the API alike. */
export interface ListPage<R> {
  count: number
  results: R[]
}

/** Separates the searched texts so that a search never matches across two fields. */
const FIELD_SEPARATOR = '\u0000'

/**
 * Texts compare as PostgreSQL's `order by` does, digit by digit: «ПС 110 кВ» before «ПС 35 кВ». A numeric collation
 * turned the object tree round the moment the server was out of reach.
 */
const collator = new Intl.Collator('ru', { sensitivity: 'base' })

/** Missing values sort last ascending and first descending, as PostgreSQL does. */
function compareValues(a: SortValue, b: SortValue): number {
  const aMissing = a === null || a === undefined
  const bMissing = b === null || b === undefined
  if (aMissing || bMissing) return Number(aMissing) - Number(bMissing)
  if (typeof a === 'string' || typeof b === 'string') return collator.compare(String(a), String(b))
  return Number(a) - Number(b)
}

interface IndexedRow<R> {
  row: R
  id: number
  /** Lower-cased searched texts, computed once per snapshot rather than per keystroke. */
  haystack: string
}

/**
 * An in-memory copy of one cached list, built once after a read and dropped on the next write, so a
 * keystroke filters an array instead of querying IndexedDB. Each ordering is sorted once and reused.
 */
export class ListSnapshot<R> {
  private readonly rows: IndexedRow<R>[]
  private readonly sortedBy = new Map<string, IndexedRow<R>[]>()

  constructor(
    rows: readonly R[],
    private readonly definition: ListDefinition<R>,
  ) {
    this.rows = rows.map((row) => ({
      row,
      id: row[definition.key] as number,
      haystack: definition
        .searchIn(row)
        .map((text) => (text ?? '').toLowerCase())
        .join(FIELD_SEPARATOR),
    }))
  }

  query({ search = '', ordering, page = 1, perPage = PAGE_SIZE_DEFAULT }: ListQuery): ListPage<R> {
    const needle = search.toLowerCase()
    const ordered = this.ordered(ordering ?? this.definition.defaultOrdering)
    const matching = needle ? ordered.filter((entry) => entry.haystack.includes(needle)) : ordered
    const first = (Math.max(1, Math.floor(page)) - 1) * (perPage === 'all' ? 0 : perPage)
    const selected = perPage === 'all' ? matching : matching.slice(first, first + perPage)
    return { count: matching.length, results: selected.map((entry) => entry.row) }
  }

  /** `ordering` as the server reads it: comma-separated keys, each with an optional '-'. */
  private ordered(ordering: string): IndexedRow<R>[] {
    const cached = this.sortedBy.get(ordering)
    if (cached) return cached
    const keys = ordering.split(',').map((raw) => {
      const descending = raw.startsWith('-')
      return { valueOf: this.definition.orderings[descending ? raw.slice(1) : raw], direction: descending ? -1 : 1 }
    })
    // The server refuses an unknown key; offline, the list still shows, in its default order.
    if (keys.some((key) => !key.valueOf)) return this.ordered(this.definition.defaultOrdering)
    const sorted = this.rows
      .map((entry) => ({ entry, values: keys.map((key) => key.valueOf?.(entry.row)) }))
      .sort((a, b) => {
        for (const [i, key] of keys.entries()) {
          const order = key.direction * compareValues(a.values[i], b.values[i])
          if (order !== 0) return order
        }
        // The id breaks ties so that pages never overlap or skip rows.
        return a.entry.id - b.entry.id
      })
      .map(({ entry }) => entry)
    this.sortedBy.set(ordering, sorted)
    return sorted
  }
}
