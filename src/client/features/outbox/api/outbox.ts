import { useEffect, useMemo, useState } from 'react'
import * as v from 'valibot'
import { counterUpdate } from '../../../../shared/schemas/counters'
import { pointInput } from '../../../../shared/schemas/points'
import { formatValue } from '../../../../shared/format'
import type { Permission } from '../../../../shared/permissions'
import { T } from '../../../../shared/texts'
import { useSyncState } from '../../../app/sync'
import { session } from '../../../lib/session'
import {
  baseAsSeenBy,
  blockerAmong,
  FIELD_LABELS,
  subscribeDeviceOutbox,
  type Blocker,
  type EntityName,
  type OutboxEntry,
  type OutboxStatus,
} from '../../../offline'

/** A card of the outbox page: the entry, what holds it back, and the row it was made on as the viewer may see it. */
export interface OutboxItem {
  entry: OutboxEntry
  blocker: Blocker | null
  base: OutboxEntry['base']
  /** Another user's entry: shown read-only, without its values; one with the right may take it over or discard it. */
  foreign?: boolean
  /** Of another user's new point: the author's later edits of it, shown on its card and taken over or discarded with it. */
  later?: OutboxEntry[]
}

/**
 * The device's outbox as the signed-in user sees it, live across tabs; undefined until the first read. Another user's
 * entries are listed too, read-only: an entity's oldest entry holds back everyone's later edits of it, and a point
 * another user created waits for someone to act on it.
 */
export function useOutboxEntries(): OutboxItem[] | undefined {
  const [entries, setEntries] = useState<OutboxEntry[]>()
  const viewer = session.userId()
  useEffect(() => (viewer === null ? setEntries([]) : subscribeDeviceOutbox(setEntries)), [viewer])
  return useMemo(() => entries && itemsFor(entries, viewer), [entries, viewer])
}

const entityKeyOf = (entry: OutboxEntry) => `${entry.entity}:${entry.entityId}`

/**
 * The device's entries in the order they will be sent, each with what holds it back and the base the viewer may see;
 * another user's are marked `foreign`. Every entry is on some card, so the page never says all is sent while the device
 * holds any: a point another user created is one card, its author's later edits of it on that card (`later`), as the
 * viewer does not see that point (seen-by.ts) and the edits go, are taken over or are discarded with it.
 */
export function itemsFor(entries: readonly OutboxEntry[], viewer: number | null): OutboxItem[] {
  const byEntity = new Map<string, OutboxEntry[]>()
  for (const entry of entries) {
    const key = entityKeyOf(entry)
    if (!byEntity.has(key)) byEntity.set(key, [])
    byEntity.get(key)!.push(entry)
  }
  const isOwn = (entry: OutboxEntry) => entry.author === viewer || entry.author === null
  /** Another user's edit of a point they created, after the create: it rides on the create's card. */
  const ridesOnCreate = (entry: OutboxEntry, head: OutboxEntry) => head !== entry && head.op === 'create' && !isOwn(head) && entry.author === head.author
  const items: OutboxItem[] = []
  for (const entry of entries) {
    const ofEntity = byEntity.get(entityKeyOf(entry))!
    if (ridesOnCreate(entry, ofEntity[0]!)) continue
    const item: OutboxItem = { entry, blocker: blockerAmong(entry, ofEntity), base: baseAsSeenBy(entry, ofEntity, viewer), foreign: !isOwn(entry) }
    if (item.foreign && entry.op === 'create') item.later = ofEntity.filter((each) => ridesOnCreate(each, entry))
    items.push(item)
  }
  return items
}

/** The right that changing the entry's record takes (creating a point takes it too): who may take over or discard another user's edit of it. */
export const RIGHT_OF: Record<EntityName, Permission> = { point: 'points.change', counter: 'counters.change' }

export const STATUS_TEXT: Record<OutboxStatus, string> = {
  pending: T.outboxPending,
  inflight: T.outboxInflight,
  conflict: T.outboxConflict,
  rejected: T.outboxRejected,
}
export const STATUS_COLOR: Record<OutboxStatus, string> = { pending: 'blue', inflight: 'teal', conflict: 'orange', rejected: 'red' }

type Row = Record<string, unknown>

/** The row as the user sees it on this device: the base it was edited from with the edit applied. */
export const localRow = (entry: OutboxEntry): Row => ({ ...(entry.base ?? {}), ...entry.patch })

/**
 * Which point or meter the edit is about, as a person names it: an update names the row as the server
 * knows it (a refused serial number or a new name is the edit, not the row); a new point by its fields.
 */
export function entryTitle(entry: OutboxEntry, base: OutboxEntry['base'] = entry.base): string {
  const row: Row = entry.op === 'create' || !base ? localRow(entry) : { ...base }
  if (entry.entity === 'counter') return `Счётчик № ${String(row.serial_num ?? entry.entityId)}`
  const what = entry.op === 'create' ? 'Новая точка учёта' : 'Точка учёта'
  return `${what} «${String(row.name ?? '')}»${row.point_number ? `, № ${String(row.point_number)}` : ''}`
}

/** The fields this edit changes, in form order (a customer shows as its name, not a separate field). */
export const changedFields = (entry: OutboxEntry): string[] => Object.keys(FIELD_LABELS[entry.entity]).filter((field) => field in entry.patch)

export function fieldText(row: Row | null | undefined, field: string): string {
  if (!row) return '—'
  if (field === 'customer_id') {
    const customer = row.customer as { name?: string } | null | undefined
    return customer?.name ?? (row.customer_id == null ? 'Не выбран' : `№ ${String(row.customer_id)}`)
  }
  return formatValue(row[field])
}

/** Fields a rejected edit can be corrected in on the outbox page: the texts and numbers (the customer is picked on the point's screen). */
export const editableFields = (entry: OutboxEntry): string[] => changedFields(entry).filter((field) => field !== 'customer_id')

const FIELD_SCHEMAS: Record<EntityName, v.ObjectEntries> = { point: pointInput.entries, counter: counterUpdate.entries }

/** Checks corrected values with the same shared schema as the edit forms; answers the new patch or the fields' messages. */
export function correctedPatch(entry: OutboxEntry, values: Record<string, string>): { patch: OutboxEntry['patch'] } | { errors: Record<string, string> } {
  const entries = Object.fromEntries(Object.keys(values).map((field) => [field, FIELD_SCHEMAS[entry.entity][field]!]))
  const result = v.safeParse(v.object(entries, T.required), values)
  if (result.success) return { patch: { ...entry.patch, ...result.output } }
  const errors: Record<string, string> = {}
  for (const issue of result.issues) {
    const key = String(issue.path?.[0]?.key ?? '')
    errors[key] ??= issue.message
  }
  return { errors }
}

/** The side-menu entry's badge: the same counts as the header's indicator. */
export function useOutboxBadges() {
  const { waiting, needsDecision } = useSyncState()
  return [{ value: waiting, label: T.outboxTitle, colorPalette: needsDecision > 0 ? 'red' : 'blue' }]
}
