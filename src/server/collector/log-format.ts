import { toMoscowParts } from './moscow-time'

const two = (n: number) => String(n).padStart(2, '0')

/** DD.MM.YYYY HH:mm in Moscow time, as task log entries show instants. */
export function formatMoment(at: Date): string {
  const p = toMoscowParts(at)
  return `${two(p.day)}.${two(p.month)}.${p.year} ${two(p.hour)}:${two(p.minute)}`
}
