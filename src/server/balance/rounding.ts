import { ROUND_VAL_DEFAULT } from '../../shared/constants'

/**
 * The object's rounding: trunc (towards zero), round0 (to a whole number) or roundWithN (N decimals).
 * Halves round away from zero, as people round by hand (Math.round alone would give -2 for -2.5).
 */
export function rounder(roundVal: string = ROUND_VAL_DEFAULT): (value: number) => number {
  if (roundVal === 'trunc') return (value) => Math.trunc(value) + 0
  const digits = roundVal === 'round0' ? 0 : Number(roundVal.slice('roundWith'.length))
  const factor = 10 ** digits
  // toPrecision(12) drops binary noise first, so 1.005 rounds to 1.01 as written.
  return (value) => (Math.sign(value) * Math.round(Number((Math.abs(value) * factor).toPrecision(12)))) / factor + 0
}
