import type { Writable } from 'node:stream'
import ExcelJS from 'exceljs'

export const ENERGY_FORMAT = '#,##0.000'
export const READING_FORMAT = '#,##0.0000'
export const RATIO_FORMAT = '#,##0.##'

/** `sum`: the column is added up in the totals row. */
export type Column = { header: string; width: number; numFmt?: string; sum?: boolean }
/** A cell: a value, or a value marked as incomplete (missing half-hours, no reading). */
export type Cell = string | number | null | { value: string | number | null; missing: true }

const MISSING_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } }
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE2E8F0' } }
const THIN: ExcelJS.Border = { style: 'thin', color: { argb: 'FF94A3B8' } }

export const missing = (value: string | number | null): Cell => ({ value, missing: true })

/**
 * A report workbook written as it goes (exceljs' streaming writer): a title, lines about the period and the
 * selection, a frozen header row, then rows committed one by one so that a large report is never held whole.
 */
export function reportSheet(stream: Writable, spec: { sheet: string; title: string; lines: string[]; columns: Column[] }) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false })
  workbook.creator = 'АСКУЭ'
  const headerRow = spec.lines.length + 3
  const sheet = workbook.addWorksheet(spec.sheet, {
    views: [{ state: 'frozen', ySplit: headerRow, xSplit: 0 }],
    pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  })
  sheet.columns = spec.columns.map((c) => ({ width: c.width }))

  const title = sheet.addRow([spec.title])
  title.font = { bold: true, size: 14 }
  title.commit()
  for (const line of spec.lines) sheet.addRow([line]).commit()
  sheet.addRow([]).commit()
  const header = sheet.addRow(spec.columns.map((c) => c.header))
  header.eachCell((cell) => {
    cell.font = { bold: true }
    cell.fill = HEADER_FILL
    cell.alignment = { wrapText: true, vertical: 'middle', horizontal: 'center' }
    cell.border = { top: THIN, bottom: THIN, left: THIN, right: THIN }
  })
  header.commit()
  const sums = spec.columns.map(() => 0)
  // An empty text is written as an empty cell.
  const valueOf = (c: Cell) => {
    const value = c !== null && typeof c === 'object' ? c.value : c
    return value === '' ? null : value
  }

  return {
    /** `inTotal: false` leaves the row out of the totals (energy already counted on another row). */
    row(cells: Cell[], options: { bold?: boolean; inTotal?: boolean } = {}) {
      if (stream.destroyed) throw new Error('The report stream was closed: its client is gone')
      const row = sheet.addRow(cells.map(valueOf))
      cells.forEach((c, i) => {
        const value = valueOf(c)
        if (spec.columns[i]?.sum && options.inTotal !== false && typeof value === 'number') sums[i]! += value
        const cell = row.getCell(i + 1)
        const format = spec.columns[i]?.numFmt
        if (format) cell.numFmt = format
        if (c !== null && typeof c === 'object') cell.fill = MISSING_FILL
        if (options.bold) cell.font = { bold: true }
      })
      row.commit()
    },
    /** Ends the sheet with a totals row (the label in the first column) and writes the rest of the file. */
    async finish(totalLabel = 'Итого') {
      this.row(
        spec.columns.map((c, i) => (i === 0 ? totalLabel : c.sum ? sums[i]! : null)),
        { bold: true },
      )
      sheet.commit()
      await workbook.commit()
    },
  }
}
