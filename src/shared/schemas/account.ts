import * as v from 'valibot'
import { T } from '../texts'
import { formObject, intValue, optionalEmail, optionalText, paged, requiredText } from './common'

export const account = v.object({
  account_id: v.number(),
  name: v.string(),
  external_notify_email: v.string(),
  support_email: v.string(),
  inn: v.string(),
})
export type Account = v.InferOutput<typeof account>

const inn = v.optional(
  v.pipe(
    v.nullable(v.string(T.invalidValue)),
    v.transform((s) => (s ?? '').trim()),
    v.regex(/^(\d{10}|\d{12})?$/, T.innDigits),
  ),
  '',
)

/** The account is read and saved as a whole; PATCH takes any of its fields. */
export const accountUpdate = v.partial(
  v.object({
    name: requiredText(255),
    external_notify_email: optionalEmail(),
    support_email: optionalEmail(),
    inn,
  }),
)
export const accountForm = v.object({ ...accountUpdate.entries, name: requiredText(255) })

export const SMTP_ENCRYPTIONS = ['SSL', 'STARTTLS'] as const
export type SmtpEncryption = (typeof SMTP_ENCRYPTIONS)[number]

export const accountEmail = v.object({
  account_email_id: v.number(),
  name: v.string(),
  smtp_host: v.string(),
  smtp_port: v.number(),
  smtp_user: v.string(),
  smtp_encryption: v.picklist(SMTP_ENCRYPTIONS),
  /** The password itself is write-only: the answer only says whether one is stored. */
  has_password: v.boolean(),
})
export type AccountEmail = v.InferOutput<typeof accountEmail>
export const accountEmailList = paged(accountEmail)

export const accountEmailInput = formObject(
  {
    name: requiredText(255),
    smtp_host: v.pipe(requiredText(255), v.regex(/^[A-Za-z0-9.-]+$/, T.smtpHost)),
    smtp_port: intValue(1, 65535),
    smtp_user: optionalText(255),
    /** Empty or absent keeps the stored password. */
    smtp_password: optionalText(255),
    smtp_encryption: v.picklist(SMTP_ENCRYPTIONS, T.encryptionRequired),
  },
  T.required,
  { smtp_encryption: T.encryptionRequired },
)
export type AccountEmailInput = v.InferOutput<typeof accountEmailInput>
export const accountEmailUpdate = v.partial(accountEmailInput)
