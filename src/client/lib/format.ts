import dayjs from 'dayjs'

/** Dates are shown day-month-year (DD.MM.YYYY) everywhere in the console. */
export const formatDate = (value: string | Date | null | undefined) => (value ? dayjs(value).format('DD.MM.YYYY') : '—')
export const formatDateTime = (value: string | Date | null | undefined) => (value ? dayjs(value).format('DD.MM.YYYY HH:mm') : '—')
/** The API's calendar date. */
export const isoDate = (value: Date | string) => dayjs(value).format('YYYY-MM-DD')

// Numbers: the one module shared with the server's reports and CSVs.
export { formatInUnit, formatNumber, formatQuantity } from '../../shared/format'
/** A stored number as a form's field shows it: the Russian decimal comma, no grouping, every digit kept ('' for none). */
export const numberText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value).replace('.', ','))

export const fullName = (person: { first_name?: string; last_name?: string } | null | undefined) =>
  [person?.first_name, person?.last_name].filter(Boolean).join(' ')
