import type { Writable } from 'node:stream'
import { T } from '../../../shared/texts'
import {
  NOTE_COLUMN,
  POINT_COLUMNS,
  installationNotes,
  periodLine,
  pointCells,
  registersOf,
  selectionLines,
  tariffLabel,
  type Period,
  type ReportContext,
} from '../context'
import { readingKey, readingsAt } from '../data'
import { ratioOf, segmentsOf } from '../selection'
import { pointsInTotal } from '../totals'
import { addDays, localMidnight, ruDate } from '../time'
import { ENERGY_FORMAT, READING_FORMAT, missing, reportSheet, type Cell } from '../xlsx'

/**
 * Form 010: the A+ registers at the start and at the end of the period (00:00 of the first day and of the day
 * after the last) and the consumption between them, total and by tariff, times the ratios. A meter installed
 * or taken off inside the period is read at those moments instead.
 */
export async function form010(ctx: ReportContext, period: Period, out: Writable): Promise<void> {
  const window = { from: localMidnight(period.first, ctx.timeZone), to: localMidnight(addDays(period.last, 1), ctx.timeZone) }
  const segments = await segmentsOf(ctx.db, ctx.points, window.from, window.to)
  const readings = await readingsAt(
    ctx.db,
    segments.flatMap((s) =>
      s.meter
        ? [
            { counter_id: s.meter.counter_id, at: s.from },
            { counter_id: s.meter.counter_id, at: s.to },
          ]
        : [],
    ),
  )
  const inTotal = await pointsInTotal(ctx.db, ctx.representIds, ctx.pointIds)
  const registers = registersOf(ctx.scheme)
  const column = (what: string, numFmt: string, sum = false) => registers.map((z) => ({ header: `${what} ${tariffLabel(z)}, кВт·ч`, width: 14, numFmt, sum }))

  const sheet = reportSheet(out, {
    sheet: 'Форма 010',
    title: T.report010Heading,
    lines: [
      periodLine(period),
      ...selectionLines(ctx),
      `Показания на начало: ${ruDate(period.first)} 00:00, на конец: ${ruDate(addDays(period.last, 1))} 00:00 (без коэффициентов); ` +
        'расход с учётом коэффициентов трансформации',
      T.report010TotalNote,
    ],
    columns: [...POINT_COLUMNS, ...column('Начало', READING_FORMAT), ...column('Конец', READING_FORMAT), ...column('Расход', ENERGY_FORMAT, true), NOTE_COLUMN],
  })
  for (const segment of segments) {
    const notes = installationNotes(segment, window, ctx.timeZone)
    const counted = inTotal.has(segment.point.point_id)
    if (!counted) notes.push(T.reportNotInTotal)
    if (!segment.meter) {
      sheet.row([...pointCells(segment), ...registers.flatMap(() => [null, null, null]), notes.join('; ')])
      continue
    }
    const start = readings.get(readingKey(segment.meter.counter_id, segment.from))
    const end = readings.get(readingKey(segment.meter.counter_id, segment.to))
    const reading = (values: Map<number, number> | undefined, tariff: number): Cell => values?.get(tariff) ?? missing(T.reportNoReading)
    const k = ratioOf(segment.meter)
    const consumption = registers.map((z): Cell => {
      const a = start?.get(z?.tariff ?? 0)
      const b = end?.get(z?.tariff ?? 0)
      return a === undefined || b === undefined ? missing(null) : (b - a) * k
    })
    if (!start) notes.push(`${T.reportNoReading} на начало`)
    if (!end) notes.push(`${T.reportNoReading} на конец`)
    sheet.row(
      [
        ...pointCells(segment),
        ...registers.map((z) => reading(start, z?.tariff ?? 0)),
        ...registers.map((z) => reading(end, z?.tariff ?? 0)),
        ...consumption,
        notes.join('; '),
      ],
      { inTotal: counted },
    )
  }
  await sheet.finish()
}
