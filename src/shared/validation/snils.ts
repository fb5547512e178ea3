import { T } from '../texts'
import { onlyDigits, weightedSum } from './digits'

/** NNN-NNN-NNN NN while it is typed: extra digits are dropped, separators appear as the digits arrive. */
export function formatSnils(input: string): string {
  const d = onlyDigits(input).slice(0, 11)
  return [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter(Boolean).join('-') + (d.length > 9 ? ` ${d.slice(9)}` : '')
}

/** The control number of the first nine digits: weights 9 down to 1, modulo 101, then modulo 100. */
export function snilsChecksum(firstNine: string): number {
  return (weightedSum(firstNine, [9, 8, 7, 6, 5, 4, 3, 2, 1]) % 101) % 100
}

/** Numbers up to 001-001-998 were issued before the control number existed: their last two digits are not checked. */
const LAST_UNCHECKED_SNILS = 1_001_998

/** The spec's message for a wrong SNILS, or null when it is valid; it must read exactly NNN-NNN-NNN NN. */
export function snilsError(value: string): string | null {
  if (!/^\d{3}-\d{3}-\d{3} \d{2}$/.test(value)) return T.snilsLength
  const digits = onlyDigits(value)
  if (Number(digits.slice(0, 9)) <= LAST_UNCHECKED_SNILS) return null
  return snilsChecksum(digits.slice(0, 9)) === Number(digits.slice(9)) ? null : T.snilsChecksum
}
