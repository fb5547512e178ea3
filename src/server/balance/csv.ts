import { T } from '../../shared/texts'
import type { BalanceHeader, BalanceItem } from '../../shared/schemas/represents'
import { TIME_KEY } from './compose'

const BOM = '\uFEFF'

/** DD.MM.YYYY HH:mm in the account's zone, as a Russian spreadsheet reads a date. */
const dateTimeIn = (timeZone: string) =>
  new Intl.DateTimeFormat('ru-RU', { timeZone, day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' })

/** A cell of text: quoted where it holds a separator, and led by ' where a spreadsheet would run it as a formula. */
function quote(cell: string): string {
  const text = /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/**
 * A table for Excel in Russian locale: UTF-8 with BOM, ';' between cells, decimal comma, DD.MM.YYYY HH:mm;
 * the period's total, when given, as a last row «Итого», as the table on screen shows it.
 */
export function balanceCsv(headers: BalanceHeader[], items: BalanceItem[], timeZone: string, total?: BalanceItem): string {
  const dateTime = dateTimeIn(timeZone)
  const titles = headers.map((h) => quote(h.unit ? `${h.title}, ${h.unit}` : h.title))
  const line = (item: BalanceItem, time: string) =>
    headers
      .map((h) => {
        if (h.key === TIME_KEY) return time
        const value = item.values[h.key]
        return value === null || value === undefined ? '' : String(value).replace('.', ',')
      })
      .join(';')
  const lines = items.map((item) => line(item, dateTime.format(new Date(item.time)).replace(',', '')))
  if (total) lines.push(line(total, T.balanceTotal))
  return BOM + [titles.join(';'), ...lines].join('\r\n') + '\r\n'
}
