import { T } from '../texts'
import { bankAccountError, bikError, kppError, ogrnError } from './company-ids'
import { innError } from './inn'
import { snilsError } from './snils'

export type CustomerFields = {
  customer_type: number
  snils: string
  company_full_name: string
  company_inn: string
  company_kpp: string
  company_ogrn: string
  company_bik: string
  company_ks: string
  company_rs: string
}

/** The type-dependent fields each subscriber type has; the form shows them and the server keeps only them. */
export const CUSTOMER_TYPE_FIELDS = {
  1: ['snils'],
  2: ['snils', 'company_inn', 'company_ogrn', 'company_bik', 'company_ks', 'company_rs', 'company_legal_address'],
  3: [
    'company_full_name',
    'company_short_name',
    'company_inn',
    'company_kpp',
    'company_ogrn',
    'company_bik',
    'company_ks',
    'company_rs',
    'company_legal_address',
  ],
} as const
export type TypedField = (typeof CUSTOMER_TYPE_FIELDS)[3][number] | 'snils'

/**
 * The checks that depend on the subscriber type, with the spec's messages: legal name for type 3, INN with its
 * control digits (an INN for an individual is the wrong type), OGRN, KPP, SNILS with its checksum. Empty
 * optional numbers are not checked.
 */
export function customerFieldErrors(c: CustomerFields): Partial<Record<keyof CustomerFields, string>> {
  const errors: Partial<Record<keyof CustomerFields, string>> = {}
  const put = (field: keyof CustomerFields, message: string | null) => {
    if (message) errors[field] = message
  }
  const has = (field: TypedField) => (CUSTOMER_TYPE_FIELDS[c.customer_type as 1 | 2 | 3] as readonly string[]).includes(field)
  if (c.customer_type === 3 && c.company_full_name === '') put('company_full_name', T.required)
  if (c.company_inn !== '') put('company_inn', innError(c.company_inn, c.customer_type))
  if (c.company_ogrn !== '' && has('company_ogrn')) put('company_ogrn', ogrnError(c.company_ogrn, c.customer_type))
  if (c.company_kpp !== '' && has('company_kpp')) put('company_kpp', kppError(c.company_kpp))
  if (c.company_bik !== '' && has('company_bik')) put('company_bik', bikError(c.company_bik))
  if (c.company_ks !== '' && has('company_ks')) put('company_ks', bankAccountError(c.company_ks))
  if (c.company_rs !== '' && has('company_rs')) put('company_rs', bankAccountError(c.company_rs))
  if (c.snils !== '' && has('snils')) put('snils', snilsError(c.snils))
  return errors
}
