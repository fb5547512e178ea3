import type { AuditEntry } from '../../../../shared/schemas/audit'
import { T } from '../../../../shared/texts'
import { formatDate, formatDateTime, fullName } from '../../../lib/format'

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
/** The name of a permission group by its id, where the console knows it. */
export type GroupName = (id: number) => string | undefined

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value)
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** An id the console has no name for (`user_id`, `account_id`, `permissions_group_id`): left out of the entry. */
const hidden = (field: string) => field.endsWith('_id') && T.auditFields[field] === undefined

/** A nested record by its name, where it has one (a right, a group, a model). */
const named = (value: unknown) => (isRecord(value) && typeof value.name === 'string' ? value.name : undefined)
/** A person (an applicant, a responsible user) by full name, or login when the name is empty. */
const personName = (value: Record<string, unknown>) =>
  'username' in value || 'first_name' in value || 'last_name' in value
    ? fullName(value as { first_name?: string; last_name?: string }) || String(value.username ?? '')
    : undefined

/**
 * A value as a person reads it: no quotes, «да»/«нет», instants as DD.MM.YYYY HH:mm and dates as DD.MM.YYYY, records
 * that have a name by their names («Просмотр пользователей, Изменение точек»), people by their full names, a user's
 * groups by their names, other records as «поле: значение» pairs with the fields' Russian names, never JSON.
 */
function readableValue(value: unknown, field: string, groupName?: GroupName): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'да' : 'нет'
  if (typeof value === 'string') return ISO_INSTANT.test(value) ? formatDateTime(value) : ISO_DATE.test(value) ? formatDate(value) : value
  if (typeof value === 'number') return field === 'groups' ? (groupName?.(value) ?? T.auditGroupNumber(value)) : String(value)
  if (Array.isArray(value)) {
    if (!value.length) return '—'
    const pairs = value.some((item) => isRecord(item) && named(item) === undefined && personName(item) === undefined)
    return value.map((item) => readableValue(item, field, groupName)).join(pairs ? '; ' : ', ')
  }
  if (!isRecord(value)) return String(value)
  return (
    named(value) ??
    personName(value) ??
    Object.entries(value)
      .filter(([key]) => !hidden(key))
      .map(([key, item]) => `${fieldName(key)}: ${readableValue(item, key, groupName)}`)
      .join(', ')
  )
}

/**
 * The fields of an entry before and after, in the order the record has them, each marked when it changed; ids the
 * console cannot name are left out. Only an entry with both sides marks changes: a creation has only «after», a
 * deletion only «before». An entry with neither side has no fields, and sides that are not records are shown as the one
 * field «значение».
 */
export function fieldChanges(before: unknown, after: unknown, groupName?: GroupName): FieldChange[] {
  if (before == null && after == null) return []
  if ((before != null && !isRecord(before)) || (after != null && !isRecord(after))) {
    return [
      {
        field: 'значение',
        before: readableValue(before, 'значение', groupName),
        after: readableValue(after, 'значение', groupName),
        changed: before != null && after != null && JSON.stringify(before) !== JSON.stringify(after),
      },
    ]
  }
  const was = before ?? {}
  const now = after ?? {}
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter((field) => !hidden(field))
  return fields.map((field) => ({
    field,
    before: before == null ? '—' : readableValue(was[field], field, groupName),
    after: after == null ? '—' : readableValue(now[field], field, groupName),
    changed: before != null && after != null && JSON.stringify(was[field] ?? null) !== JSON.stringify(now[field] ?? null),
  }))
}
