import { ROUND_VAL_DEFAULT } from '../../shared/constants'
import { roundingDigits } from '../../shared/format'

/**
 * The object's rounding: trunc (towards zero), round0 (to a whole number) or roundWithN (N decimals).
 * Halves round away from zero, as people round by hand (Math.round alone would give -2 for -2.5).
 */
export function rounder(roundVal: string = ROUND_VAL_DEFAULT): (value: number) => number {
  if (roundVal === 'trunc') return (value) => Math.trunc(value) + 0
  const factor = 10 ** roundingDigits(roundVal)
  // A nudge of one part in 2^50 undoes binary noise (1.005 * 100 = 100.49999999999999), so 1.005 rounds to 1.01 as written.
  return (value) => (Math.sign(value) * Math.round(Math.abs(value) * factor * (1 + 2 ** -50))) / factor + 0
}
