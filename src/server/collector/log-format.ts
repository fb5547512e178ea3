import { toZonedParts } from './meter-time'

const two = (n: number) => String(n).padStart(2, '0')

/** DD.MM.YYYY HH:mm in the account's zone, as task log entries show instants. */
export function formatMoment(at: Date, timeZone: string): string {
  const p = toZonedParts(at, timeZone)
  return `${two(p.day)}.${two(p.month)}.${p.year} ${two(p.hour)}:${two(p.minute)}`
}
