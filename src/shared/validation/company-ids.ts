import { T } from '../texts'

/** OGRNIP of a sole proprietor (type 2) has 15 digits, OGRN of a legal entity (type 3) 13; null when it fits. */
export function ogrnError(ogrn: string, customerType: number): string | null {
  if (customerType === 2) return /^\d{15}$/.test(ogrn) ? null : T.ogrnSoleProprietor
  return /^\d{13}$/.test(ogrn) ? null : T.ogrnLegalEntity
}

export const kppError = (kpp: string): string | null => (/^\d{9}$/.test(kpp) ? null : T.kppLength)

/** Bank details: BIK has 9 digits, correspondent and settlement accounts 20. */
export const bikError = (bik: string): string | null => (/^\d{9}$/.test(bik) ? null : T.bikLength)
export const bankAccountError = (account: string): string | null => (/^\d{20}$/.test(account) ? null : T.bankAccountLength)
