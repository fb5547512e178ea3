import { setImmediate as nextTurn } from 'node:timers/promises'
import iconv from 'iconv-lite'
import { zipSync } from 'fflate'
import { CHANNELS, INTERVAL_STATUS } from '../../../shared/metering'
import { NOT_IN_XML } from '../../../shared/schemas/common'
import type { Period, ReportContext } from '../context'
import { areaOf, takeMessageNumbers, type MarketParty } from '../market-messages'
import { hhmm, localParts } from '../time'
import { PROFILE_CHANNELS, pointProfile, type ProfileDay } from './profile80020'

/** Stored names older than the typed-text check may still hold characters XML cannot carry: they are left out. */
const escapeXml = (text: string) =>
  text.replace(NOT_IN_XML, '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)

const compact = (day: string) => day.replaceAll('-', '')

/** YYYYMMDDhhmmss of an instant in local time. */
function timestamp(instant: Date, timeZone: string): string {
  const { day, minute } = localParts(instant.getTime(), timeZone)
  return `${compact(day)}${hhmm(minute)}${String(instant.getUTCSeconds()).padStart(2, '0')}`
}

/**
 * Whole kWh per half-hour as the message carries them; each channel carries its rounding remainder to the next
 * interval so that the day's sum stays the sum of the measured energy.
 */
function integerValues(values: (number | null)[]): number[] {
  let carry = 0
  return values.map((value) => {
    if (value === null) return 0
    const exact = value + carry
    const whole = Math.round(exact)
    carry = exact - whole
    return whole
  })
}

/** The market knows two statuses: 0 commercial, 1 not (missing, estimated, edited, suspect or no meter). */
const statusOf = (interval: ProfileDay['intervals'][number], c: number) => (interval.meter && interval.values[c]!.status === INTERVAL_STATUS.VALID ? 0 : 1)

/** One day of the point as the 80020 message (class 80020, version 2) of the wholesale market. */
function message80020(ctx: ReportContext, day: ProfileDay, area: MarketParty, number: number): string {
  const point = ctx.points[0]!
  const channels = PROFILE_CHANNELS.map((channel, c) => {
    const values = integerValues(day.intervals.map((i) => i.values[c]!.value))
    const periods = day.intervals.map((interval, i) => {
      const period = `start="${hhmm(interval.minute)}" end="${hhmm((interval.minute + 30) % 1440)}"`
      return `        <period ${period}><value status="${statusOf(interval, c)}">${values[i]}</value></period>`
    })
    const code = String(channel).padStart(2, '0')
    return `      <measuringchannel code="${code}" desc="${CHANNELS[channel]}">\n${periods.join('\n')}\n      </measuringchannel>`
  })
  return [
    '<?xml version="1.0" encoding="windows-1251"?>',
    `<message class="80020" version="2" number="${number}">`,
    '  <datetime>',
    `    <timestamp>${timestamp(ctx.now, ctx.timeZone)}</timestamp>`,
    // Russia keeps no daylight saving time since 2014.
    '    <daylightsavingtime>0</daylightsavingtime>',
    `    <day>${compact(day.day)}</day>`,
    '  </datetime>',
    `  <sender>\n    <inn>${escapeXml(ctx.account.inn)}</inn>\n    <name>${escapeXml(ctx.account.name)}</name>\n  </sender>`,
    `  <area>\n    <inn>${escapeXml(area.inn)}</inn>\n    <name>${escapeXml(area.name)}</name>`,
    `    <measuringpoint code="${escapeXml(point.point_number)}" name="${escapeXml(point.name)}">`,
    ...channels,
    '    </measuringpoint>',
    '  </area>',
    '</message>',
    '',
  ].join('\n')
}

/** The market's file name: 80020_<sender INN>_<day>_<message number>.xml. */
const fileName80020 = (inn: string, day: string, number: number) => `80020_${inn}_${compact(day)}_${number}.xml`

/**
 * The 80020 XML of each day in windows-1251: one file for one day, a zip of the files for several. Each file is
 * a message of its own and takes the next number of the sender and the point's area.
 */
export async function xml80020(ctx: ReportContext, period: Period): Promise<{ fileName: string; contentType: string; body: Buffer }> {
  const { days } = await pointProfile(ctx, period)
  const area = await areaOf(ctx.db, ctx.points[0]!.point_id, ctx.account)
  const numbers = await takeMessageNumbers(ctx.db, ctx.account.inn, area.inn, days.length)
  const files: { name: string; data: Buffer }[] = []
  for (const [i, day] of days.entries()) {
    await nextTurn()
    files.push({ name: fileName80020(ctx.account.inn, day.day, numbers[i]!), data: iconv.encode(message80020(ctx, day, area, numbers[i]!), 'win1251') })
  }
  if (files.length === 1) return { fileName: files[0]!.name, contentType: 'application/xml; charset=windows-1251', body: files[0]!.data }
  const zip = zipSync(Object.fromEntries(files.map((f) => [f.name, new Uint8Array(f.data.buffer, f.data.byteOffset, f.data.byteLength)])))
  return { fileName: `80020_${ctx.account.inn}_${compact(period.first)}_${compact(period.last)}.zip`, contentType: 'application/zip', body: Buffer.from(zip) }
}
