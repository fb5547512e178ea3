import type { Table } from 'dexie'
import { DEFAULT_ENERGY_LIMIT_KWH } from '../../shared/constants'
import type { MeteringDb } from './db'
import type { CounterRow, EntityName, PointPatch, PointRow } from './types'

/** Rows of either edited entity, for the code paths that treat them alike. */
export type AnyRow = PointRow | CounterRow

const ENTITY_KEY = { point: 'point_id', counter: 'counter_id' } as const satisfies Record<EntityName, string>

export function rowTable(db: MeteringDb, entity: EntityName): Table<AnyRow, number> {
  // Both tables are keyed by a number; the union only loses which of the two row types it holds.
  return (entity === 'point' ? db.points : db.counters) as unknown as Table<AnyRow, number>
}

export function rowId(entity: EntityName, row: AnyRow): number {
  return (row as unknown as Record<string, number>)[ENTITY_KEY[entity]] as number
}

/** The local row of a point created offline, until the server answers with the real one. */
export function newPointRow(tempId: number, patch: PointPatch): PointRow {
  return {
    point_number: '',
    name: '',
    address: '',
    customer_id: null,
    customer: null,
    counter_id: null,
    has_counter: false,
    point_represents_number: 0,
    energy_limit: DEFAULT_ENERGY_LIMIT_KWH,
    ...patch,
    point_id: tempId,
    version: 0,
  }
}

/** A server answer is only stored as a row when it carries the row's id and version. */
export function asServerRow(entity: EntityName, body: unknown): AnyRow | null {
  if (typeof body !== 'object' || body === null) return null
  const fields = body as Record<string, unknown>
  return typeof fields[ENTITY_KEY[entity]] === 'number' && typeof fields.version === 'number' ? (body as AnyRow) : null
}

export const entityKey = (entity: EntityName, entityId: number): string => `${entity}:${entityId}`

/** Meta key remembering which real id a temporary one became, for screens still showing the temporary id. */
export const tempIdMetaKey = (entity: EntityName, tempId: number): string => `tempId:${entity}:${tempId}`
