import * as v from 'valibot'
import { T } from '../texts'
import { formObject, visibleText } from './common'
import { userEntries } from './users'

export const loginInput = formObject(
  {
    // In the spelling the names are kept in (users.ts `username`).
    username: v.pipe(v.string(T.required), v.transform(visibleText), v.trim(), v.nonEmpty(T.required), v.maxLength(150, T.tooLong(150))),
    password: v.pipe(v.string(T.required), v.nonEmpty(T.required), v.maxLength(256, T.tooLong(256))),
  },
  T.required,
)
export type LoginInput = v.InferOutput<typeof loginInput>

export const loginAnswer = v.object({ token: v.string() })

/** The signed-in user as GET /api/users/me/ answers it. */
export const currentUser = v.object({ ...userEntries, customer_id: v.nullable(v.number()), permissions: v.array(v.string()) })
export type CurrentUser = v.InferOutput<typeof currentUser>
