/**
 * Shapes of the rows the console mirrors offline and of the outbox entries (DESIGN.md section 6).
 * Rows carry only the fields this layer reads; the server may send more and they are stored as they come.
 */
import type { Counter } from '../../shared/schemas/counters'
import type { MirroredInstallation, MirroredReadings } from '../../shared/schemas/mirror'

export interface PointRow {
  point_id: number
  point_number: string
  name: string
  address: string
  geopoint?: string | null
  remark?: string | null
  customer_id?: number | null
  customer?: { name: string } | null
  counter_id?: number | null
  has_counter: boolean
  point_represents_number: number
  energy_limit?: number
  version: number
}

/** A meter as the server lists it; a row cached before a field existed, or changed on the device, may lack it. */
export type CounterRow = Pick<Counter, 'counter_id' | 'serial_num' | 'version'> & Partial<Omit<Counter, 'counter_id' | 'serial_num' | 'version'>>

/** A meter's installation on a point, as the point's «Счётчики» tab shows it (read only on the device). */
export type InstallationRow = MirroredInstallation

/** A meter's latest register readings, as its info dialog shows them; read only on the device. */
export type ReadingsRow = MirroredReadings

export interface RepresentRow {
  represent_id: number
  parent_id: number | null
  name: string
}

/** Fields a point PUT and POST accept; everything else in a row is computed by the server. */
export const POINT_WRITABLE_FIELDS = [
  'point_number',
  'name',
  'address',
  'geopoint',
  'remark',
  'customer_id',
  'energy_limit',
] as const satisfies readonly (keyof PointRow)[]

/** The only fields a meter PATCH sends (metering.md section 5: meter edit). */
export const COUNTER_WRITABLE_FIELDS = ['serial_num', 'coeff', 'coeff_voltage', 'time_zone'] as const satisfies readonly (keyof CounterRow)[]

/** `customer` may ride along with `customer_id` so the local row shows the new name; it is never sent. */
export type PointPatch = Partial<Pick<PointRow, (typeof POINT_WRITABLE_FIELDS)[number] | 'customer'>>
export type CounterPatch = Partial<Pick<CounterRow, (typeof COUNTER_WRITABLE_FIELDS)[number]>>

export interface EntityTypes {
  point: { row: PointRow; patch: PointPatch }
  counter: { row: CounterRow; patch: CounterPatch }
}
export type EntityName = keyof EntityTypes
export type RowOf<E extends EntityName> = EntityTypes[E]['row']
export type PatchOf<E extends EntityName> = EntityTypes[E]['patch']

export type OutboxStatus = 'pending' | 'inflight' | 'conflict' | 'rejected'

/** What went wrong with the last attempt: a readable Russian text plus the structured server answer. */
export interface OutboxError {
  /** HTTP status, absent when the network failed. */
  status?: number
  message: string
  /** Field errors of a 400/422 answer (`{field: ["msg"]}`), as the server sent them. */
  fields?: Record<string, string[]>
}

interface OutboxEntryOf<E extends EntityName> {
  /** Auto-incremented by Dexie: the global FIFO order. */
  seq?: number
  /** ULID; also the Idempotency-Key, renewed only when the user re-queues a conflict or a rejection. */
  mutationId: string
  /**
   * The user id of whoever made the edit: only their session sends, shows or resolves it (the server
   * scopes Idempotency-Key per user and audits the token's user). Null for entries recorded before
   * authors were kept, until a session adopts them (`adoptUnauthored`).
   */
  author: number | null
  /** The author's name as the device knew it when the edit was made, for the others who sign in on it; absent on older entries. */
  authorName?: string
  entity: E
  /** Negative while it is the temporary id of a point created offline. */
  entityId: number
  op: E extends 'point' ? 'create' | 'update' : 'update'
  /** Changed fields only (for a create: the fields of the new row). */
  patch: PatchOf<E>
  /** Server version the patch was made on: sent as If-Match. */
  baseVersion: number
  /** The full row the patch applies to (server row plus earlier waiting patches); null for a create. */
  base: RowOf<E> | null
  createdAt: number
  /** Sends whose outcome was a failure or is unknown: the back-off grows with them, and a sent entry absorbs no later edit. */
  attempts: number
  /**
   * Of those, the sends that got no answer at all (no network, no answer in time, a tab closed before it): the card does
   * not count them, which read as so many refusals. Absent on entries stored before it was kept (`unansweredAttempts`).
   */
  unanswered?: number
  nextAttemptAt: number
  status: OutboxStatus
  lastError: OutboxError | null
  /** The server's current row from a 412 answer, shown next to the local one. */
  serverRow: RowOf<E> | null
}

export type OutboxEntry = { [E in EntityName]: OutboxEntryOf<E> }[EntityName]

/**
 * An edit as a screen submits it, with the signed-in user as its author. A create gets a temporary id,
 * returned in the entry. `current` is the row the screen edited, used only when the device has no copy of it yet.
 */
export type EditInput = { author: number; authorName?: string } & (
  | { entity: 'point'; op: 'create'; patch: PointPatch }
  | { entity: 'point'; op: 'update'; entityId: number; patch: PointPatch; baseVersion: number; current?: PointRow }
  | { entity: 'counter'; op: 'update'; entityId: number; patch: CounterPatch; baseVersion: number; current?: CounterRow }
)

export interface MetaRecord {
  key: string
  value: unknown
}
