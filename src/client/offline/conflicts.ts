import { T } from '../../shared/texts'
import { COUNTER_WRITABLE_FIELDS, POINT_WRITABLE_FIELDS, type CounterRow, type EntityName, type OutboxEntry } from './types'

/** One field of a conflict: the value the edit was made on, mine on the device, theirs on the server. */
export interface ConflictField {
  field: string
  base: unknown
  mine: unknown
  theirs: unknown
  changedHere: boolean
  changedThere: boolean
  /** Both sides changed the field, to different values: only a person can choose. */
  clash: boolean
}

export const WRITABLE_FIELDS: Record<EntityName, readonly string[]> = { point: POINT_WRITABLE_FIELDS, counter: COUNTER_WRITABLE_FIELDS }

const valueOf = (row: object | null, field: string): unknown => (row as Record<string, unknown> | null)?.[field] ?? null
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b)

/**
 * Every writable field that differs between the base, the device and the server, in the entity's field
 * order: what each side changed, and where both changed the same field differently.
 */
export function conflictFields(entry: OutboxEntry): ConflictField[] {
  const mineRow = { ...entry.base, ...entry.patch }
  return WRITABLE_FIELDS[entry.entity].flatMap((field) => {
    const base = valueOf(entry.base, field)
    const mine = valueOf(mineRow, field)
    const theirs = valueOf(entry.serverRow, field)
    const changedHere = !same(mine, base)
    const changedThere = !same(theirs, base)
    if (!changedHere && !changedThere) return []
    return [{ field, base, mine, theirs, changedHere, changedThere, clash: changedHere && changedThere && !same(mine, theirs) }]
  })
}

/**
 * What the server changed of the record besides its writable fields, in words, for a conflict where it changed none of
 * them: a meter's version also goes up when it is installed, taken off or its polling switched.
 */
export function changesElsewhere(entry: OutboxEntry): string[] {
  if (entry.entity !== 'counter') return [T.outboxChangedByOther]
  const base = (entry.base ?? {}) as Partial<CounterRow>
  const server = (entry.serverRow ?? {}) as Partial<CounterRow>
  const changes: string[] = []
  if (base.point_id !== server.point_id || base.is_current !== server.is_current) {
    changes.push(server.is_current && server.point_id ? T.outboxMeterInstalled(server.point_name ?? null) : T.outboxMeterTakenOff(base.point_name ?? null))
  }
  if (base.is_active !== server.is_active && server.is_active !== undefined) changes.push(server.is_active ? T.outboxPollingOn : T.outboxPollingOff)
  return changes.length ? changes : [T.outboxChangedByOther]
}
