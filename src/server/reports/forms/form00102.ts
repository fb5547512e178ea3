import type { Writable } from 'node:stream'
import { T } from '../../../shared/texts'
import { NOTE_COLUMN, POINT_COLUMNS, installationNotes, periodLine, pointCells, selectionLines, type Period, type ReportContext } from '../context'
import { zoneSums } from '../data'
import { ratioOf, segmentsOf } from '../selection'
import { addDays, localMidnight } from '../time'
import { ENERGY_FORMAT, missing, reportSheet, type Cell } from '../xlsx'

/**
 * Form 001.02: A+ consumption of each point over the period by the scheme's zones, from half-hour values cut by
 * the zone ranges in local time, times the ratios of the meter that measured them. A zone with missing
 * half-hours is marked; the missing ones are not counted.
 */
export async function form00102(ctx: ReportContext, period: Period, out: Writable): Promise<void> {
  const window = { from: localMidnight(period.first, ctx.timeZone), to: localMidnight(addDays(period.last, 1), ctx.timeZone) }
  const segments = await segmentsOf(ctx.db, ctx.points, window.from, window.to)
  const metered = segments.filter((s) => s.meter)
  const sums = await zoneSums(
    ctx.db,
    metered.map((s) => ({ counter_id: s.meter!.counter_id, from: s.from, to: s.to })),
    ctx.scheme.zones,
    ctx.timeZone,
  )
  const sumOf = new Map(metered.map((s, i) => [s, sums[i]!]))

  const sheet = reportSheet(out, {
    sheet: 'Форма 001.02',
    title: T.report00102Heading,
    lines: [periodLine(period), ...selectionLines(ctx), 'Потребление активной энергии (A+) с учётом коэффициентов трансформации', T.reportMissingNote],
    columns: [
      ...POINT_COLUMNS,
      ...ctx.scheme.zones.map((z) => ({ header: `${z.name}, кВт·ч`, width: 14, numFmt: ENERGY_FORMAT, sum: true })),
      { header: 'Всего, кВт·ч', width: 15, numFmt: ENERGY_FORMAT, sum: true },
      { header: 'Пропущено получасов', width: 12, sum: true },
      NOTE_COLUMN,
    ],
  })
  for (const segment of segments) {
    const zones = sumOf.get(segment)
    const notes = installationNotes(segment, window, ctx.timeZone)
    if (!segment.meter || !zones) {
      sheet.row([...pointCells(segment), ...ctx.scheme.zones.map(() => null), null, null, notes.join('; ')])
      continue
    }
    const k = ratioOf(segment.meter)
    let totalValue = 0
    let missed = 0
    const cells: Cell[] = ctx.scheme.zones.map((z) => {
      const zone = zones.get(z.tariff)!
      const value = zone.value * k
      totalValue += value
      missed += zone.expected - zone.present
      return zone.present < zone.expected ? missing(value) : value
    })
    if (missed > 0) notes.push(`пропущено получасовых значений: ${missed}`)
    sheet.row([...pointCells(segment), ...cells, missed > 0 ? missing(totalValue) : totalValue, missed, notes.join('; ')])
  }
  await sheet.finish()
}
