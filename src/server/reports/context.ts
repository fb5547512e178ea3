import type { Executor } from '../db/client'
import type { ReportPoint, Segment } from './selection'
import type { TariffScheme, Zone } from './tariffs'
import { RATIO_FORMAT, missing, type Cell, type Column } from './xlsx'
import { T } from '../../shared/texts'
import { ruDate, ruDateTime } from './time'

/** What every form is made from: the checked request resolved against the database. */
export type ReportContext = {
  db: Executor
  timeZone: string
  account: { inn: string; name: string }
  scheme: TariffScheme
  points: ReportPoint[]
  /** The chosen objects' names, for the document's heading. */
  objectNames: string[]
  /** What was chosen: the objects and the points named directly. */
  representIds: number[]
  pointIds: number[]
  now: Date
}

/** A period of whole local days, first to last inclusive. */
export type Period = { first: string; last: string }

export const periodLine = (p: Period) => `Период: с ${ruDate(p.first)} по ${ruDate(p.last)} включительно`

export function selectionLines(ctx: ReportContext): string[] {
  const what = ctx.objectNames.length ? `Объекты: ${ctx.objectNames.join(', ')}` : `Точки учёта: ${ctx.points.map((p) => p.name).join(', ')}`
  return [what, `Тарифная схема: ${ctx.scheme.name}`]
}

/** Column label of a tariff register: 0 is the total, others take the scheme's zone name. */
export const tariffLabel = (zone: Zone | null) => (zone ? `Т${zone.tariff} ${zone.name}` : 'Сумма')
/** The total register followed by the scheme's zones. */
export const registersOf = (scheme: TariffScheme): (Zone | null)[] => [null, ...scheme.zones]

export const POINT_COLUMNS: Column[] = [
  { header: 'Объект', width: 26 },
  { header: 'Точка учёта', width: 30 },
  { header: 'Идентификатор', width: 16 },
  { header: 'Заводской номер счётчика', width: 16 },
  { header: 'Модель счётчика', width: 20 },
  { header: 'Ктт', width: 7, numFmt: RATIO_FORMAT },
  { header: 'Ктн', width: 7, numFmt: RATIO_FORMAT },
]
export const NOTE_COLUMN: Column = { header: 'Примечание', width: 40 }

/** The point and meter cells of a row; a point without a meter says so in the meter's cell. */
export function pointCells(segment: Segment): Cell[] {
  const { point, meter } = segment
  return [
    point.object_name,
    point.name,
    point.point_number,
    meter ? meter.serial_num : missing(T.reportNoMeter),
    meter?.model ?? null,
    meter?.coeff ?? null,
    meter?.coeff_voltage ?? null,
  ]
}

/** Notes on a meter that served only part of the window (installed or taken off inside it). */
export function installationNotes(segment: Segment, window: { from: Date; to: Date }, timeZone: string): string[] {
  const notes: string[] = []
  if (!segment.meter) return [T.reportNoMeter]
  if (segment.meter.installed_at > window.from) notes.push(`установлен ${ruDateTime(segment.meter.installed_at, timeZone)}`)
  if (segment.meter.removed_at && segment.meter.removed_at < window.to) notes.push(`снят ${ruDateTime(segment.meter.removed_at, timeZone)}`)
  return notes
}
