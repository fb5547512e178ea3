import type { Writable } from 'node:stream'
import { T } from '../../../shared/texts'
import { NOTE_COLUMN, POINT_COLUMNS, pointCells, registersOf, selectionLines, tariffLabel, type ReportContext } from '../context'
import { readingKey, readingsAt } from '../data'
import { segmentsOf } from '../selection'
import { localMidnight, ruDate } from '../time'
import { READING_FORMAT, missing, reportSheet, type Cell } from '../xlsx'

/** Form 008: the A+ registers of each point's meter at 00:00 of the date, total and by tariff, as the meter shows them. */
export async function form008(ctx: ReportContext, date: string, out: Writable): Promise<void> {
  const at = localMidnight(date, ctx.timeZone)
  // The meter in force at the instant: installed at or before it and not yet taken off.
  const segments = await segmentsOf(ctx.db, ctx.points, at, new Date(at.getTime() + 1))
  const readings = await readingsAt(
    ctx.db,
    segments.flatMap((s) => (s.meter ? [{ counter_id: s.meter.counter_id, at }] : [])),
  )
  const registers = registersOf(ctx.scheme)

  const sheet = reportSheet(out, {
    sheet: 'Форма 008',
    title: T.report008Heading,
    lines: [`Дата: ${ruDate(date)} 00:00`, ...selectionLines(ctx), 'Показания счётчиков без учёта коэффициентов трансформации, кВт·ч'],
    columns: [...POINT_COLUMNS, ...registers.map((z) => ({ header: `Показание ${tariffLabel(z)}, кВт·ч`, width: 14, numFmt: READING_FORMAT })), NOTE_COLUMN],
  })
  for (const segment of segments) {
    const values = segment.meter ? readings.get(readingKey(segment.meter.counter_id, at)) : undefined
    const cells: Cell[] = registers.map((z) => {
      if (!segment.meter) return null
      const value = values?.get(z?.tariff ?? 0)
      return value === undefined ? missing(T.reportNoReading) : value
    })
    const note = !segment.meter ? T.reportNoMeter : values ? '' : T.reportNoReading
    sheet.row([...pointCells(segment), ...cells, note])
  }
  await sheet.finish(`Итого точек учёта: ${ctx.points.length}`)
}
