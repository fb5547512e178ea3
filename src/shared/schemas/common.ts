import * as v from 'valibot'
import { NAME_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, TEXT_MAX, YEAR_MAX, YEAR_MIN } from '../constants'
import { T } from '../texts'
import { readDateTime } from '../calendar'

// A check without a message of its own says a Russian one, never valibot's English («Invalid key: Expected…»): an
// absent key the spec's generic required message, anything else that the value is not allowed. Every schema imports
// this module, so the API and the console's forms both say it.
v.setGlobalMessage((issue) => (issue.type === 'object' && issue.input === undefined ? T.required : T.invalidValue))

/**
 * Characters XML 1.0 cannot carry (C0 controls but tab and line breaks, U+FFFE/U+FFFF, lone surrogates): typed
 * text never holds them, and the 80020 message for the market must stay well-formed.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's purpose
export const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu
const plainText = v.check((s: string) => s.search(NOT_IN_XML) === -1, T.controlCharacters)

/**
 * Typed text in one spelling (NFC) and without invisible format characters (zero-width spaces and joiners, soft
 * hyphens, direction marks and overrides, BOM): pasted text brings them unseen, and they would make a lookalike of a
 * name that must be unique. Unlike control characters they are dropped, not refused: the writer cannot see them.
 */
export const visibleText = (s: string): string => s.normalize('NFC').replace(/\p{Cf}/gu, '')

/** A text that may be empty: in one spelling, trimmed, bounded, with no control characters. */
export const textValue = (max: number = TEXT_MAX, message: string = T.invalidValue) =>
  v.pipe(v.string(message), v.transform(visibleText), v.trim(), v.maxLength(max, T.tooLong(max)), plainText)

/** A required text: trimmed, non-empty, bounded. `message` is the spec's wording for the form in question. */
export const requiredText = (max: number = NAME_MAX, message: string = T.required) => v.pipe(textValue(max, message), v.nonEmpty(message))

/**
 * An object whose missing keys say the form's required message (valibot reports a missing key with the
 * object's message), or a message of their own from `perKey`.
 */
export const formObject = <TEntries extends v.ObjectEntries>(
  entries: TEntries,
  message: string = T.required,
  perKey: Partial<Record<keyof TEntries, string>> = {},
) =>
  v.object(entries, (issue) => {
    const key = issue.path?.at(-1)?.key
    return (typeof key === 'string' ? perKey[key as keyof TEntries] : undefined) ?? message
  })

/** An optional text that reads as '' when absent or null. */
export const optionalText = (max: number = TEXT_MAX) =>
  v.optional(
    v.pipe(
      v.nullable(v.string(T.invalidValue)),
      v.transform((s) => s ?? ''),
      textValue(max),
    ),
    '',
  )

export const emailText = (message: string = T.invalidEmail) => v.pipe(v.string(message), v.trim(), v.maxLength(254, T.tooLong(254)), v.email(message))

/** An optional e-mail: '' is allowed, anything else must be an address. */
export const optionalEmail = () =>
  v.optional(
    v.pipe(
      v.nullable(v.string(T.invalidEmail)),
      v.transform((s) => (s ?? '').trim()),
      v.maxLength(254, T.tooLong(254)),
      v.check((s) => s === '' || v.is(v.pipe(v.string(), v.email()), s), T.invalidEmail),
    ),
    '',
  )

const INT_MAX = 2_147_483_647

/** An integer from a query string, a path or a JSON body (strings are converted). */
export const intValue = (min = 0, max = INT_MAX, message: string = T.mustBeInteger) =>
  v.pipe(
    v.union([v.number(message), v.pipe(v.string(message), v.trim(), v.regex(/^-?\d{1,10}$/, message), v.transform(Number))], message),
    v.integer(message),
    v.minValue(min, T.outOfRange(min, max)),
    v.maxValue(max, T.outOfRange(min, max)),
  )

/** A number (not only integer) from a query string or a JSON body. */
export const numberValue = (min = -1e12, max = 1e12, message: string = T.mustBeNumber) =>
  v.pipe(
    v.union(
      [
        v.number(message),
        v.pipe(
          v.string(message),
          v.trim(),
          v.regex(/^-?\d+([.,]\d+)?$/, message),
          v.transform((s) => Number(s.replace(',', '.'))),
        ),
      ],
      message,
    ),
    v.finite(message),
    v.minValue(min, T.outOfRange(min, max)),
    v.maxValue(max, T.outOfRange(min, max)),
  )

/** A database id: a positive 32-bit integer. */
export const idValue = () => intValue(1, INT_MAX)

/** A boolean from JSON or from a query string ('true', '1', 'false', '0'). */
export const boolValue = () =>
  v.union(
    [
      v.boolean(),
      v.pipe(
        v.picklist(['true', 'false', '1', '0', 'True', 'False']),
        v.transform((s) => s === 'true' || s === '1' || s === 'True'),
      ),
    ],
    T.invalidValue,
  )

/** The year as written (an offset moves an instant a day at most, which PostgreSQL still holds); text that is no date is the format check's. */
function yearInRange(s: string): boolean {
  const year = Number(s.slice(0, 4))
  return Number.isNaN(year) || (year >= YEAR_MIN && year <= YEAR_MAX)
}

/** A calendar date YYYY-MM-DD that exists, of the years 1900 to 2099. */
export const dateText = (message: string = T.invalidDate) =>
  v.pipe(
    v.string(message),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, message),
    v.check((s) => readDateTime(s) !== null, message),
    v.check(yearInRange, T.dateRange),
  )

/** An instant: ISO 8601 date-time or a date, read strictly (`readDateTime`); a route places one without an offset (`writtenInstant`). */
export const dateTimeText = (message: string = T.invalidDateTime) =>
  v.pipe(
    v.string(message),
    v.maxLength(40, message),
    v.check((s) => readDateTime(s) !== null, message),
    v.check(yearInRange, T.dateRange),
  )

/** A month YYYY-MM of the years 1900 to 2099. */
export const monthText = (message: string = T.monthFormat) =>
  v.pipe(v.string(message), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, message), v.check(yearInRange, T.dateRange))

/**
 * Path parameters: `{ id }`, a positive integer written the one way the API writes it (no sign, space or leading
 * zero): a path names one row, so that `/5/` and `/05/` are never two rows to the outbox or a cache.
 */
export const idParams = v.object({ id: v.pipe(v.string(), v.regex(/^[1-9]\d{0,9}$/), v.transform(Number), v.maxValue(INT_MAX)) })

/** The query of every list (shared list conventions): paging, page_size=all, search, ordering. */
const listQueryEntries = {
  page: v.optional(intValue(1, 1_000_000), 1),
  per_page: v.optional(intValue(1, PAGE_SIZE_MAX)),
  page_size: v.optional(v.union([v.literal('all'), intValue(1, PAGE_SIZE_MAX)], T.invalidValue)),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, T.tooLong(200))), ''),
  ordering: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(64, T.tooLong(64))), ''),
}
export const listQuery = v.object(listQueryEntries)
/** A list's query: the common entries and the list's own filters. */
export const listQueryWith = <TFilters extends v.ObjectEntries>(filters: TFilters) => v.object({ ...listQueryEntries, ...filters })
/** A list filter by the id of a related row; absent is no filter. */
export const idFilter = () => v.optional(idValue())
export type ListQuery = v.InferOutput<typeof listQuery>

/** The query of a list read only a page at a time (task logs, the audit): they grow without end, so no page_size=all. */
export const pageOnlyListQueryEntries = {
  ...listQueryEntries,
  page_size: v.optional(
    v.pipe(
      listQueryEntries.page_size.wrapped,
      v.check((size) => size !== 'all', T.pageSizeAllRefused(PAGE_SIZE_MAX)),
    ),
  ),
}

/** Page limits of a list query: `page_size=all` lifts the limit, `per_page` wins over `page_size`. */
export function pageOf(query: Pick<ListQuery, 'page' | 'per_page' | 'page_size'>): { limit: number | null; offset: number } {
  if (query.page_size === 'all' && query.per_page === undefined) return { limit: null, offset: 0 }
  const size = query.per_page ?? (typeof query.page_size === 'number' ? query.page_size : PAGE_SIZE_DEFAULT)
  return { limit: size, offset: (query.page - 1) * size }
}

/* Fields of answers. */

/** An instant as answered: ISO 8601 text; `isoTimeOrNull` where there may be none (yet). */
export const isoTime = () => v.string()
export const isoTimeOrNull = () => v.nullable(v.string())

/** The point a meter is installed on, in rows about meters; null while it is installed on none. */
export const meterPointEntries = {
  point_id: v.nullable(v.number()),
  point_number: v.nullable(v.string()),
  point_name: v.nullable(v.string()),
}

/** The objects a point belongs to. */
export const representRefs = () => v.array(v.object({ represent_id: v.number(), name: v.string() }))

/** `{count, results}` of a list answer. */
export const paged = <TItem extends v.GenericSchema>(item: TItem) => v.object({ count: v.number(), results: v.array(item) })
export type Paged<T> = { count: number; results: T[] }

export type ErrorBody = { detail: string } | Record<string, string[]>

/**
 * The field a check's message belongs to, as the API's 400 body and the forms key it: its path, but a list's own item
 * (an id among ids) is the list's message, as a form has one field for the list. A field inside an item (a batch's
 * `entries.0.headers.Idempotency-Key`) keeps its whole path.
 */
export function issueField(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) => item.key)
  if (keys.length > 1 && typeof keys.at(-1) === 'number') keys.pop()
  return keys.map(String).join('.')
}
