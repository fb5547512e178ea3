import dayjs from 'dayjs'
import type { ProfileQueryInput, Represent } from '../../../shared/schemas/represents'
import type { ProfileInterval } from '../../../shared/constants'

/** The object's period: its chosen dates, or (default, 'current') the start of this month to today. */
export function periodOf(represent: Pick<Represent, 'period_type' | 'period_begin' | 'period_end'>, today: Date = new Date()) {
  if (represent.period_type === 'selected' && represent.period_begin && represent.period_end) {
    return { beginDate: represent.period_begin, endDate: represent.period_end }
  }
  return { beginDate: dayjs(today).startOf('month').format('YYYY-MM-DD'), endDate: dayjs(today).format('YYYY-MM-DD') }
}

/** The balance query the object's settings ask for, over the days chosen on the page (else the object's period). */
export function profileQueryOf(represent: Represent, interval: ProfileInterval, days?: { beginDate: string; endDate: string } | null): ProfileQueryInput {
  return {
    ...(days ?? periodOf(represent)),
    interval,
    energy_format: represent.energy_format,
    energy_type: represent.energy_type,
    reactive_energy: represent.reactive_energy,
    showLost: represent.show_lost,
    roundVal: represent.round_val,
  }
}

export const INTERVAL_LABELS: Record<ProfileInterval, string> = { 30: '30 минут', 60: 'Час', 1440: 'Сутки', 43200: 'Месяц', 525600: 'Год' }

/** How a bucket start reads for its interval. */
export function formatBucket(time: string, interval: number): string {
  if (interval >= 525600) return dayjs(time).format('YYYY')
  if (interval >= 43200) return dayjs(time).format('MM.YYYY')
  if (interval >= 1440) return dayjs(time).format('DD.MM.YYYY')
  return dayjs(time).format('DD.MM.YYYY HH:mm')
}
