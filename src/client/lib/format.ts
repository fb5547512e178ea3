import dayjs from 'dayjs'

/** Dates are shown day-month-year (DD.MM.YYYY) everywhere in the console. */
export const formatDate = (value: string | Date | null | undefined) => (value ? dayjs(value).format('DD.MM.YYYY') : '—')
export const formatDateTime = (value: string | Date | null | undefined) => (value ? dayjs(value).format('DD.MM.YYYY HH:mm') : '—')
/** The API's calendar date. */
export const isoDate = (value: Date | string) => dayjs(value).format('YYYY-MM-DD')

// Made on first use: building it loads the locale's data, ~10 ms of the load of every screen otherwise.
let numberFormat: Intl.NumberFormat | undefined
export const formatNumber = (value: number | string | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : (numberFormat ??= new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 3 })).format(Number(value))

export const fullName = (person: { first_name?: string; last_name?: string } | null | undefined) =>
  [person?.first_name, person?.last_name].filter(Boolean).join(' ')
