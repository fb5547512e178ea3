import { T } from '../texts'

/**
 * OGRNIP of a sole proprietor (type 2) has 15 digits, OGRN of a legal entity (type 3) 13; the last is the control
 * digit: the number of the others modulo 13 (OGRNIP) or 11 (OGRN), then modulo 10. Null when it fits.
 */
export function ogrnError(ogrn: string, customerType: number): string | null {
  const [length, modulus, message] = customerType === 2 ? [15, 13, T.ogrnSoleProprietor] : [13, 11, T.ogrnLegalEntity]
  if (!new RegExp(`^\\d{${length}}$`).test(ogrn)) return message
  return (Number(ogrn.slice(0, -1)) % modulus) % 10 === Number(ogrn.slice(-1)) ? null : T.ogrnChecksum
}

/** Nine characters: the tax office (4 digits), the reason (2 digits or capital Latin letters since 2013), 3 digits. */
export const kppError = (kpp: string): string | null => (/^\d{4}[\dA-Z]{2}\d{3}$/.test(kpp) ? null : T.kppLength)

/** Bank details: BIK has 9 digits, correspondent and settlement accounts 20. */
export const bikError = (bik: string): string | null => (/^\d{9}$/.test(bik) ? null : T.bikLength)
export const bankAccountError = (account: string): string | null => (/^\d{20}$/.test(account) ? null : T.bankAccountLength)
