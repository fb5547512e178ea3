import { T } from '../texts'
import { weightedSum } from './digits'

const controlDigit = (digits: string, weights: readonly number[]) => (weightedSum(digits, weights) % 11) % 10

const W10 = [2, 4, 10, 3, 5, 9, 4, 6, 8]
const W11 = [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]
const W12 = [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]

/** Whether the control digits of a 10- or 12-digit INN match (one control digit for 10 digits, two for 12). */
export function innChecksumValid(inn: string): boolean {
  if (/^\d{10}$/.test(inn)) return controlDigit(inn, W10) === Number(inn[9])
  if (/^\d{12}$/.test(inn)) return controlDigit(inn, W11) === Number(inn[10]) && controlDigit(inn, W12) === Number(inn[11])
  return false
}

/** The spec's message for a wrong INN of a subscriber type (2 sole proprietor: 12 digits, 3 legal entity: 10), or null. */
export function innError(inn: string, customerType: number): string | null {
  if (customerType === 2 && !/^\d{12}$/.test(inn)) return T.innSoleProprietor
  if (customerType === 3 && !/^\d{10}$/.test(inn)) return T.innLegalEntity
  if (customerType !== 2 && customerType !== 3) return T.innWrongType
  return innChecksumValid(inn) ? null : T.innChecksum
}
