/** A calendar day as the date inputs and the API take it (YYYY-MM-DD), from the device's local date. */
const isoDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`

export type ReportDates = { date: string; beg: string; end: string }

/** This month from its first day to today: the period a report is asked for most while the month runs. */
export const thisMonth = (today: Date) => ({ beg: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)), end: isoDay(today) })

/** The whole previous month: the period billed and settled. */
export const lastMonth = (today: Date) => ({
  beg: isoDay(new Date(today.getFullYear(), today.getMonth() - 1, 1)),
  end: isoDay(new Date(today.getFullYear(), today.getMonth(), 0)),
})

export const todayDate = (today: Date) => isoDay(today)
/** 00:00 of the month's first day: the readings a month is billed from. */
export const monthStart = (today: Date) => isoDay(new Date(today.getFullYear(), today.getMonth(), 1))

/** The dates a report screen starts with: this month, or today for a one-date form. */
export const initialDates = (today: Date): ReportDates => ({ date: todayDate(today), ...thisMonth(today) })
