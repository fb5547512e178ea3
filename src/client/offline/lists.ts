import type { Table } from 'dexie'
import type { MeteringDb } from './db'
import type { CounterRow, EntityName, InstallationRow, PointRow, ReadingsRow, RepresentRow } from './types'

export interface ListRows {
  points: PointRow
  counters: CounterRow
  represents: RepresentRow
  installations: InstallationRow
  readings: ReadingsRow
}
export type ListName = keyof ListRows

export type SortValue = string | number | boolean | null | undefined

export interface ListDefinition<R> {
  key: keyof R & string
  /** The edited entity whose waiting outbox entries protect these rows from a refresh. */
  entity: EntityName | null
  /** Texts a search matches, case-insensitively, as a substring. */
  searchIn: (row: R) => readonly (string | null | undefined)[]
  /** The server's `ordering` values for this list; '-' in front means descending. */
  orderings: Record<string, (row: R) => SortValue>
  defaultOrdering: string
}

/** Orderings of the points list (metering.md section 2: points list), as the server's `ordering` parameter. */
export const POINT_ORDERINGS = {
  name: (row: PointRow) => row.name,
  has_counter: (row: PointRow) => row.has_counter,
  point_represents_number: (row: PointRow) => row.point_represents_number,
  point_number: (row: PointRow) => row.point_number,
  customer__name: (row: PointRow) => row.customer?.name,
  // Both spellings of the customer ordering until the points API settles on one.
  customer_name: (row: PointRow) => row.customer?.name,
  address: (row: PointRow) => row.address,
}
export type PointOrdering = keyof typeof POINT_ORDERINGS | `-${keyof typeof POINT_ORDERINGS}`

export const LISTS: { [L in ListName]: ListDefinition<ListRows[L]> } = {
  points: {
    key: 'point_id',
    entity: 'point',
    searchIn: (row) => [row.name, row.point_number],
    orderings: POINT_ORDERINGS,
    defaultOrdering: 'name',
  },
  counters: {
    key: 'counter_id',
    entity: 'counter',
    searchIn: (row) => [row.serial_num],
    orderings: { serial_num: (row) => row.serial_num, counter_id: (row) => row.counter_id },
    defaultOrdering: 'serial_num',
  },
  represents: {
    key: 'represent_id',
    entity: null,
    searchIn: (row) => [row.name],
    orderings: { name: (row) => row.name },
    defaultOrdering: 'name',
  },
  installations: {
    key: 'point_counter_id',
    entity: null,
    searchIn: (row) => [row.serial_num],
    orderings: { install_date: (row) => row.install_date },
    defaultOrdering: '-install_date',
  },
  readings: {
    key: 'counter_id',
    entity: null,
    searchIn: () => [],
    orderings: { counter_id: (row) => row.counter_id },
    defaultOrdering: 'counter_id',
  },
}

export function listTable<L extends ListName>(db: MeteringDb, list: L): Table<ListRows[L], number> {
  // The lists' tables are keyed by a number; indexing the db by the list name loses only that.
  return db[list] as unknown as Table<ListRows[L], number>
}
