import * as v from 'valibot'
import { T } from '../texts'
import { formObject, idValue, paged, requiredText } from './common'

const permission = v.object({ permission_id: v.number(), codename: v.string(), name: v.string() })
export const permissionList = v.array(permission)

export const group = v.object({
  permissions_group_id: v.number(),
  name: v.string(),
  permissions: v.array(permission),
})
export type Group = v.InferOutput<typeof group>
export const groupList = paged(group)

export const groupInput = formObject(
  {
    name: requiredText(150, T.required),
    permissions: v.optional(v.pipe(v.array(idValue(), T.invalidValue), v.maxLength(200, T.tooManyItems(200))), []),
  },
  T.required,
)
export type GroupInput = v.InferOutput<typeof groupInput>
export const groupUpdate = v.partial(groupInput)
