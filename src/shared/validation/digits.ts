/** The digits of a number as typed: separators (spaces, dashes) are ignored. */
export const onlyDigits = (text: string) => text.replace(/\D/g, '')

/** Weighted sum of the leading digits, as the Russian control-digit rules define it. */
export const weightedSum = (digits: string, weights: readonly number[]) => weights.reduce((sum, weight, i) => sum + weight * Number(digits[i]), 0)
