/**
 * Numbers and dates as the console writes them everywhere (screens, charts, CSV, reports): ru-RU digit
 * grouping, a decimal comma, DD.MM.YYYY. Each quantity has the precision its meters give:
 * energy (kWh, kvarh) and power (kW, kvar, kVA) 3 decimals, i.e. Wh and W; power in W, var and VA 1 (no meter
 * gives milliwatts); current 3 (mA); voltage, frequency and angles 2; power factor 3; percentages 1. Unknown units keep 3.
 */
export type Quantity = 'energy' | 'power' | 'watts' | 'voltage' | 'current' | 'frequency' | 'angle' | 'powerFactor' | 'percent'

const QUANTITY_DIGITS: Record<Quantity, number> = {
  energy: 3,
  power: 3,
  watts: 1,
  voltage: 2,
  current: 3,
  frequency: 2,
  angle: 2,
  powerFactor: 3,
  percent: 1,
}

const UNIT_QUANTITY: Record<string, Quantity> = {
  'кВт·ч': 'energy',
  'кВар·ч': 'energy',
  'кВт*ч': 'energy',
  кВт: 'power',
  кВар: 'power',
  кВА: 'power',
  Вт: 'watts',
  вар: 'watts',
  ВА: 'watts',
  В: 'voltage',
  А: 'current',
  Гц: 'frequency',
  '°': 'angle',
  град: 'angle',
  '%': 'percent',
}

/** The decimals a value in this unit is shown with (as the API names units: «кВт·ч», «В», «°»...). */
export const digitsForUnit = (unit: string | null | undefined): number => {
  const quantity = UNIT_QUANTITY[(unit ?? '').trim()]
  return quantity ? QUANTITY_DIGITS[quantity] : DEFAULT_DIGITS
}

const DEFAULT_DIGITS = 3
const formats = new Map<string, Intl.NumberFormat>()
const numberFormat = (digits: number, grouping: boolean, fixed: boolean) => {
  const key = `${digits}:${grouping}:${fixed}`
  let format = formats.get(key)
  if (!format) {
    // signDisplay 'negative': a value that shows as zero (-0, -0.0001 to 3 places) has no minus.
    format = new Intl.NumberFormat('ru-RU', {
      maximumFractionDigits: digits,
      minimumFractionDigits: fixed ? digits : 0,
      useGrouping: grouping,
      signDisplay: 'negative',
    })
    formats.set(key, format)
  }
  return format
}

const missing = (value: unknown): value is null | undefined | '' => value === null || value === undefined || value === ''

/** A number for the eye: «34 290,103». `digits` is the most decimals shown (3 when not given); «—» when there is none. */
export function formatNumber(value: number | string | null | undefined, digits = DEFAULT_DIGITS): string {
  if (missing(value) || !Number.isFinite(Number(value))) return '—'
  return numberFormat(digits, true, false).format(Number(value))
}

/** A field's value for the eye: a number as `formatNumber` writes it, text as it is, «—» when there is none. */
export const formatValue = (value: unknown): string => (typeof value === 'number' ? formatNumber(value) : missing(value) ? '—' : String(value))

/** A measured value with exactly its quantity's decimals, so a column lines up: «34 290,103», «120,39». */
export const formatQuantity = (value: number | string | null | undefined, quantity: Quantity): string => formatFixed(value, QUANTITY_DIGITS[quantity])

/** The decimals of an object's rounding (`trunc`, `round0`, `roundWith1`..`roundWith5`; docs/objects.md). */
export const roundingDigits = (roundVal: string): number => (roundVal === 'trunc' || roundVal === 'round0' ? 0 : Number(roundVal.slice('roundWith'.length)))

/** A number with exactly `digits` decimals, so that a column lines up: «33 771,20» over «33 266,03». */
export function formatFixed(value: number | string | null | undefined, digits: number): string {
  if (missing(value) || !Number.isFinite(Number(value))) return '—'
  return numberFormat(digits, true, true).format(Number(value))
}

/** A measured value in the unit the API names: the unit decides the decimals. */
export const formatInUnit = (value: number | string | null | undefined, unit: string | null | undefined): string => formatFixed(value, digitsForUnit(unit))

/**
 * A number for a CSV or spreadsheet cell opened by a Russian Excel: decimal comma, no grouping (a grouped
 * «34 290,103» would be read as text), the quantity's decimals; empty when there is no value.
 */
export function csvNumber(value: number | string | null | undefined, quantity: Quantity = 'energy'): string {
  if (missing(value) || !Number.isFinite(Number(value))) return ''
  return numberFormat(QUANTITY_DIGITS[quantity], false, true).format(Number(value))
}

/** An API date or timestamp («2026-11-23», «2026-11-23T10:30:00Z») as DD.MM.YYYY, by its calendar date as written. */
export function formatIsoDate(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '')
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '—'
}

const pluralRules = new Intl.PluralRules('ru-RU')

/**
 * The word a count asks for in Russian: `one` after 1, 21, 101 (элемент), `few` after 2 to 4, 22 (элемента), `many`
 * after 0, 5 to 20, 11 to 14 (элементов); a fraction takes `few`. After «не более» a count governs the genitive, so
 * the forms given are those of the genitive there (элемента, элементов, элементов).
 */
export function plural(count: number, one: string, few: string, many: string): string {
  const rule = pluralRules.select(count)
  return rule === 'one' ? one : rule === 'many' ? many : few
}

const zonePart = (zone: string, at: Date, style: 'shortGeneric' | 'shortOffset') =>
  new Intl.DateTimeFormat('ru-RU', { timeZone: zone, timeZoneName: style }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? ''

/** A time zone as people name it, never its IANA id: «Москва (UTC+3)», by its offset at `at`; a zone with no place, its offset. */
export function zoneName(zone: string, at: Date = new Date()): string {
  const offset = zonePart(zone, at, 'shortOffset').replace('GMT', 'UTC')
  const place = zonePart(zone, at, 'shortGeneric')
  return place === '' || place.startsWith('GMT') ? offset : `${place} (${offset})`
}
