import type { AuditEntry } from '../../../../shared/schemas/audit'
import { T } from '../../../../shared/texts'
import { formatDateTime } from '../../../lib/format'

/** The Russian name of an entity kind; a kind the console does not know yet is shown as the server wrote it. */
export const entityName = (entity: string) => T.auditEntities[entity] ?? entity
export const actionName = (action: string) => T.auditActions[action] ?? action
export const fieldName = (field: string) => T.auditFields[field] ?? field

/** Who made the change: the user's name, a deleted user's number, or the collector (no user). */
export function authorName(entry: Pick<AuditEntry, 'user_id' | 'user_name'>): string {
  if (entry.user_id === null) return T.auditBySystem
  return entry.user_name ?? T.auditUserGone(entry.user_id)
}

export type FieldChange = { field: string; before: string; after: string; changed: boolean }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

/** A nested record by its name, where it has one (a right, a group, a model). */
const named = (value: unknown) => (isRecord(value) && typeof value.name === 'string' ? value.name : undefined)

/**
 * A value as a person reads it: no quotes, «да»/«нет», instants as DD.MM.YYYY HH:mm, records that have a name by their
 * names («Просмотр пользователей, Изменение точек»), other nested values as compact JSON.
 */
function readableValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'да' : 'нет'
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatDateTime(value) : value
  if (typeof value === 'number') return String(value)
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null || named(item) !== undefined)) {
    return value.length ? value.map((item) => named(item) ?? readableValue(item)).join(', ') : '—'
  }
  return named(value) ?? JSON.stringify(value)
}

/**
 * The fields of an entry before and after, in the order the record has them, each marked when it changed. Only an
 * entry with both sides marks changes: a creation has only «after», a deletion only «before». An entry with neither
 * side has no fields, and sides that are not records are shown as the one field «значение».
 */
export function fieldChanges(before: unknown, after: unknown): FieldChange[] {
  if (before == null && after == null) return []
  if ((before != null && !isRecord(before)) || (after != null && !isRecord(after))) {
    return [
      {
        field: 'значение',
        before: readableValue(before),
        after: readableValue(after),
        changed: before != null && after != null && JSON.stringify(before) !== JSON.stringify(after),
      },
    ]
  }
  const was = before ?? {}
  const now = after ?? {}
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])]
  return fields.map((field) => ({
    field,
    before: before == null ? '—' : readableValue(was[field]),
    after: after == null ? '—' : readableValue(now[field]),
    changed: before != null && after != null && JSON.stringify(was[field] ?? null) !== JSON.stringify(now[field] ?? null),
  }))
}
