import * as v from 'valibot'
import { MIN_PASSWORD_LENGTH } from '../constants'
import { T } from '../texts'
import { boolValue, formObject, emailText, idValue, optionalEmail, optionalText, paged, requiredText } from './common'

const userRequired = (max = 150) => requiredText(max, T.requiredUser)
/**
 * Latin letters a–z only (no fullwidth, dotless or long-s letters) and Russian ones: the other Cyrillic letters are
 * there to spell Latin twins, «ѕаѕһа» (dze, shha) beside «sasha».
 */
const LOGIN = /^[A-Za-zА-ЯЁа-яё\d@.+_-]+$/u
/** Both alphabets in one login: «аdmin» with a Cyrillic «а» would pass for «admin» in the user list and the audit. */
const BOTH_ALPHABETS = /[A-Za-z].*[А-ЯЁа-яё]|[А-ЯЁа-яё].*[A-Za-z]/u
const username = v.pipe(
  userRequired(150),
  v.regex(LOGIN, T.usernameCharacters),
  v.check((name) => !BOTH_ALPHABETS.test(name), T.usernameMixedAlphabets),
)
const password = v.pipe(v.string(T.requiredUser), v.nonEmpty(T.requiredUser), v.minLength(MIN_PASSWORD_LENGTH, T.minPassword), v.maxLength(128, T.tooLong(128)))
const groupIds = v.pipe(v.array(idValue(), T.invalidValue), v.maxLength(100, T.tooManyItems(100)))

/** What the user list and the signed-in user (auth.ts `currentUser`) both answer of a user. */
export const userEntries = {
  user_id: v.number(),
  username: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  middle_name: v.string(),
  email: v.string(),
  account_id: v.nullable(v.number()),
  is_stuff: v.boolean(),
  is_superuser: v.boolean(),
  groups: v.array(v.number()),
}

export const user = v.object({ ...userEntries, is_active: v.boolean() })
export type User = v.InferOutput<typeof user>
export const userList = paged(user)

export const userCreate = formObject(
  {
    username,
    first_name: userRequired(),
    last_name: userRequired(),
    middle_name: optionalText(150),
    // The spec's payload has no e-mail: it may be left empty here, the edit form asks for it.
    email: optionalEmail(),
    password,
    groups: v.optional(groupIds, []),
  },
  T.requiredUser,
)
export type UserCreate = v.InferOutput<typeof userCreate>

/**
 * PATCH: any subset of the editable fields. One's own new password comes with the current one; is_active and
 * is_superuser are another user's (docs/security.md says who may change what).
 */
export const userUpdate = formObject({
  username: v.optional(username),
  first_name: v.optional(userRequired()),
  last_name: v.optional(userRequired()),
  middle_name: v.optional(optionalText(150)),
  email: v.optional(emailText()),
  groups: v.optional(groupIds),
  password: v.optional(password),
  current_password: v.optional(v.pipe(v.string(T.invalidValue), v.maxLength(256, T.tooLong(256)))),
  is_active: v.optional(boolValue()),
  is_superuser: v.optional(boolValue()),
})
export type UserUpdate = v.InferOutput<typeof userUpdate>

/** The console's add form: the API body plus the repeated password. */
export const userCreateForm = v.pipe(
  formObject({ ...userCreate.entries, password2: v.pipe(v.string(T.requiredUser), v.nonEmpty(T.requiredUser)) }, T.requiredUser),
  v.forward(
    v.partialCheck([['password'], ['password2']], (u) => u.password === u.password2, T.passwordsMismatch),
    ['password2'],
  ),
)

/** The console's edit form. */
export const userEditForm = formObject(
  {
    username,
    first_name: userRequired(),
    last_name: userRequired(),
    middle_name: optionalText(150),
    email: emailText(),
    groups: v.optional(groupIds, []),
  },
  T.requiredUser,
)

/** The answer to one's own password change: the earlier tokens ended, this one continues the session. */
export const ownPasswordChanged = v.object({ ...user.entries, token: v.string() })

/** An administrator's reset of another user's password: new and repeated. */
export const passwordResetForm = v.pipe(
  formObject({ password, password2: v.pipe(v.string(T.requiredUser), v.nonEmpty(T.requiredUser)) }, T.requiredUser),
  v.forward(
    v.partialCheck([['password'], ['password2']], (u) => u.password === u.password2, T.passwordsMismatch),
    ['password2'],
  ),
)

/** The change-password dialog: current, new and repeated password. */
export const passwordChangeForm = v.pipe(
  formObject(
    {
      current_password: v.pipe(v.string(T.requiredUser), v.nonEmpty(T.requiredUser)),
      password,
      password2: v.pipe(v.string(T.requiredUser), v.nonEmpty(T.requiredUser)),
    },
    T.requiredUser,
  ),
  v.forward(
    v.partialCheck([['password'], ['password2']], (u) => u.password === u.password2, T.passwordsMismatch),
    ['password2'],
  ),
)
