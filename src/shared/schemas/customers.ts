import * as v from 'valibot'
import { CUSTOMER_TYPES } from '../constants'
import { T } from '../texts'
import { customerFieldErrors } from '../validation/customer'
import { formObject, isoTime, optionalText, paged, requiredText } from './common'

const customerTypeValue = v.pipe(
  v.union(
    [v.number(T.customerTypeRequired), v.pipe(v.string(T.customerTypeRequired), v.regex(/^\d$/, T.customerTypeRequired), v.transform(Number))],
    T.customerTypeRequired,
  ),
  v.picklist([1, 2, 3] as const, T.customerTypeRequired),
)

/** Digit strings as typed: spaces are dropped so that "77 07 083893" reads as the INN it is. */
const digitsText = (max: number) =>
  v.pipe(
    optionalText(max + 10),
    v.transform((s) => s.replace(/\s+/g, '')),
    v.maxLength(max, T.tooLong(max)),
  )

const entries = {
  customer_number: optionalText(50),
  customer_type: customerTypeValue,
  last_name: requiredText(150),
  first_name: requiredText(150),
  middle_name: requiredText(150),
  snils: optionalText(14),
  company_full_name: optionalText(500),
  company_short_name: optionalText(255),
  company_inn: digitsText(12),
  company_kpp: digitsText(9),
  company_ogrn: digitsText(15),
  company_bik: digitsText(9),
  company_ks: digitsText(20),
  company_rs: digitsText(20),
  company_legal_address: optionalText(500),
  remark: optionalText(),
}

/** A subscriber as saved: the fields plus the checks of its type (administration.md section 5), each on its field. */
export const customerInput = v.pipe(
  formObject(entries, T.required, { customer_type: T.customerTypeRequired }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return
    for (const [field, message] of Object.entries(customerFieldErrors(dataset.value))) {
      addIssue({
        message,
        path: [{ type: 'object', origin: 'value', input: dataset.value, key: field, value: dataset.value[field as keyof typeof dataset.value] }],
      })
    }
  }),
)
export type CustomerInput = v.InferOutput<typeof customerInput>

/** PATCH takes any of the fields; the server checks the merged subscriber with `customerInput`. */
export const customerUpdate = v.partial(v.object(entries))
export type CustomerUpdate = v.InferOutput<typeof customerUpdate>

export const customer = v.object({
  customer_id: v.number(),
  customer_number: v.string(),
  customer_type: v.picklist([1, 2, 3] as const),
  first_name: v.string(),
  last_name: v.string(),
  middle_name: v.string(),
  snils: v.string(),
  company_full_name: v.string(),
  company_short_name: v.string(),
  company_inn: v.string(),
  company_kpp: v.string(),
  company_ogrn: v.string(),
  company_bik: v.string(),
  company_ks: v.string(),
  company_rs: v.string(),
  company_legal_address: v.string(),
  remark: v.string(),
  created_at: isoTime(),
  /** Display name: the company's short (or full) name for a legal entity, else last, first and middle name. */
  name: v.string(),
})
export type Customer = v.InferOutput<typeof customer>
export const customerList = paged(customer)

export const customerTypeName = (type: number) => CUSTOMER_TYPES[type as keyof typeof CUSTOMER_TYPES] ?? ''
