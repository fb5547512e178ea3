import { setImmediate as nextTurn } from 'node:timers/promises'
import { CHANNEL, INTERVAL_STATUS } from '../../../shared/metering'
import type { Period, ReportContext } from '../context'
import { profileOf, type ProfileValue } from '../data'
import { ratioOf, segmentsOf, type Installation, type Segment } from '../selection'
import { HALF_HOUR_MS, addDays, daysOf, localMidnight, localParts } from '../time'

export const PROFILE_CHANNELS = [CHANNEL.A_PLUS, CHANNEL.A_MINUS, CHANNEL.R_PLUS, CHANNEL.R_MINUS] as const

/** A half-hour of the profile: the point's energy per channel (ratios applied), null where it is missing. */
type ProfileInterval = { start: number; minute: number; meter: Installation | null; values: ProfileValue[] }
export type ProfileDay = { day: string; intervals: ProfileInterval[] }

const MISSING: ProfileValue = { value: null, status: INTERVAL_STATUS.MISSING }

/**
 * The half-hour profile of one point over whole local days, each interval measured by the meter installed at
 * its start (so a meter change inside the period uses each meter's ratios); no row at all counts as missing.
 * It lets other work run between days: a year is 17,520 half-hours, about 0.2 s of the main thread.
 */
export async function pointProfile(ctx: ReportContext, period: Period): Promise<{ segments: Segment[]; days: ProfileDay[] }> {
  const from = localMidnight(period.first, ctx.timeZone)
  const to = localMidnight(addDays(period.last, 1), ctx.timeZone)
  const segments = await segmentsOf(ctx.db, ctx.points, from, to)
  const profiles = new Map<Segment, Map<number, Map<number, ProfileValue>>>()
  for (const s of segments) if (s.meter) profiles.set(s, await profileOf(ctx.db, s.meter.counter_id, s.from, s.to))

  const days: ProfileDay[] = []
  for (const day of daysOf(period.first, period.last)) {
    await nextTurn()
    const intervals: ProfileInterval[] = []
    const end = localMidnight(addDays(day, 1), ctx.timeZone).getTime()
    for (let start = localMidnight(day, ctx.timeZone).getTime(); start < end; start += HALF_HOUR_MS) {
      const segment = segments.find((s) => s.meter && s.from.getTime() <= start && start < s.to.getTime())
      const profile = segment && profiles.get(segment)
      const k = segment?.meter ? ratioOf(segment.meter) : 1
      const values = PROFILE_CHANNELS.map((channel) => {
        const raw = profile?.get(channel)?.get(start)
        if (!raw || raw.value === null || raw.status === INTERVAL_STATUS.MISSING) return MISSING
        return { value: raw.value * k, status: raw.status }
      })
      intervals.push({ start, minute: localParts(start, ctx.timeZone).minute, meter: segment?.meter ?? null, values })
    }
    days.push({ day, intervals })
  }
  return { segments, days }
}
