import type { Writable } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'
import { CHANNELS, INTERVAL_STATUS } from '../../../shared/metering'
import { T } from '../../../shared/texts'
import { periodLine, type Period, type ReportContext } from '../context'
import { hhmm, ruDate } from '../time'
import { ENERGY_FORMAT, missing, reportSheet, type Cell } from '../xlsx'
import type { ProfileValue } from '../data'
import { PROFILE_CHANNELS, pointProfile } from './profile80020'

const UNITS: Record<number, string> = { 1: 'кВт·ч', 2: 'кВт·ч', 3: 'квар·ч', 4: 'квар·ч' }

/**
 * What a row's note says: the channels without data by name (a one-direction meter measures A+ only, and its
 * A+ values are data all the same), «нет данных» alone when the whole half-hour is missing.
 */
function intervalNote(values: ProfileValue[]): string {
  const absent = PROFILE_CHANNELS.filter((_, c) => values[c]!.value === null).map((channel) => CHANNELS[channel])
  const notes = [
    absent.length === PROFILE_CHANNELS.length ? T.reportNoData : absent.length ? `${T.reportNoData}: ${absent.join(', ')}` : '',
    values.some((v) => v.value !== null && v.status === INTERVAL_STATUS.ESTIMATED) ? T.reportEstimatedValue : '',
    values.some((v) => v.value !== null && v.status !== INTERVAL_STATUS.VALID && v.status !== INTERVAL_STATUS.ESTIMATED) ? T.reportUncommercialValue : '',
  ]
  return notes.filter(Boolean).join('; ')
}

/** Form 80020 as a workbook: one row per half-hour of each day of the period, the four channels with ratios applied. */
export async function form80020(ctx: ReportContext, period: Period, out: Writable): Promise<void> {
  const point = ctx.points[0]!
  const { segments, days } = await pointProfile(ctx, period)
  const meters = segments.flatMap((s) => (s.meter ? [`${s.meter.serial_num} (${s.meter.model}, Ктт ${s.meter.coeff}, Ктн ${s.meter.coeff_voltage})`] : []))

  const sheet = reportSheet(out, {
    sheet: 'Форма 80020',
    title: T.report80020Heading,
    lines: [
      periodLine(period),
      `Точка учёта: ${point.name}, идентификатор ${point.point_number}${point.object_name ? `, объект: ${point.object_name}` : ''}`,
      `Счётчик: ${meters.length ? meters.join('; ') : T.reportNoMeter}`,
      'Энергия за получасовой интервал с учётом коэффициентов трансформации',
      T.reportMissingNote,
    ],
    columns: [
      { header: 'Дата', width: 12 },
      { header: 'Интервал', width: 13 },
      ...PROFILE_CHANNELS.map((c) => ({ header: `${CHANNELS[c]}, ${UNITS[c]}`, width: 13, numFmt: ENERGY_FORMAT, sum: true })),
      { header: 'Счётчик', width: 16 },
      { header: 'Примечание', width: 22 },
    ],
  })
  for (const { day, intervals } of days) {
    // A day's 48 rows at a time: a year's rows held the main thread for half a second in one piece.
    await nextTurn()
    for (const interval of intervals) {
      const cells: Cell[] = interval.values.map((v) => (v.value === null ? missing(null) : v.value))
      const note = !interval.meter ? T.reportNoMeter : intervalNote(interval.values)
      sheet.row([ruDate(day), `${hhmm(interval.minute, ':')}–${hhmm((interval.minute + 30) % 1440, ':')}`, ...cells, interval.meter?.serial_num ?? null, note])
    }
  }
  await sheet.finish()
}
