import * as v from 'valibot'
import { T } from '../texts'
import { boolValue, formObject, idFilter, idValue, intValue, listQueryWith, optionalText, paged, requiredText } from './common'

/* Reference data of metering.md section 3: resource types, model groups, models, parameters, data sources. */

export const resourceType = v.object({ resource_type_id: v.number(), name: v.string() })
export type ResourceType = v.InferOutput<typeof resourceType>
export const resourceTypeList = paged(resourceType)
export const resourceTypeInput = formObject({ name: requiredText(100) })
export type ResourceTypeInput = v.InferOutput<typeof resourceTypeInput>

export const counterModelApi = v.object({
  counter_model_api_id: v.number(),
  name: v.string(),
  resource_type: v.number(),
  resource_type_name: v.string(),
  driver: v.string(),
})
export type CounterModelApi = v.InferOutput<typeof counterModelApi>
export const counterModelApiList = paged(counterModelApi)
/** A model group; `driver` names the collector's protocol (empty: the group is not polled). */
export const counterModelApiInput = formObject({ name: requiredText(150), resource_type: idValue(), driver: optionalText(50) })
export type CounterModelApiInput = v.InferOutput<typeof counterModelApiInput>
export const counterModelApiQuery = listQueryWith({ resource_type: idFilter() })

export const counterModel = v.object({
  model_id: v.number(),
  name: v.string(),
  source: v.nullable(v.number()),
  source_name: v.nullable(v.string()),
  resource_type: v.number(),
  resource_type_name: v.string(),
  counter_model_api: v.number(),
  counter_model_api_name: v.string(),
  external_model: v.string(),
  has_storage: v.boolean(),
  counter_width: v.number(),
  decimal_places: v.number(),
  remark: v.string(),
})
export type CounterModel = v.InferOutput<typeof counterModel>
export const counterModelList = paged(counterModel)
/** A meter model; its resource type is its group's. */
export const counterModelInput = formObject({
  name: requiredText(150),
  counter_model_api: idValue(),
  source: v.optional(v.nullable(idValue()), null),
  external_model: optionalText(100),
  has_storage: v.optional(boolValue(), false),
  counter_width: v.optional(intValue(1, 12), 6),
  decimal_places: v.optional(intValue(0, 6), 2),
  remark: optionalText(),
})
export type CounterModelInput = v.InferOutput<typeof counterModelInput>
export const counterModelQuery = listQueryWith({ resource_type: idFilter(), counter_model_api: idFilter() })

const modelParameter = v.object({
  model_parameter_id: v.number(),
  parameter_id: v.number(),
  parameter_name: v.string(),
  parameter_group: v.nullable(v.number()),
  parameter__task_group: v.nullable(v.number()),
  parameter__task_group_name: v.string(),
  measurement: v.string(),
})
export type ModelParameter = v.InferOutput<typeof modelParameter>
export const modelParameterList = paged(modelParameter)
export const modelParameterQuery = listQueryWith({ model_id: idValue() })

export const dataSource = v.object({ source_id: v.number(), name: v.string(), remark: v.string() })
export type DataSource = v.InferOutput<typeof dataSource>
export const dataSourceList = paged(dataSource)
export const dataSourceInput = formObject({ name: requiredText(100), remark: optionalText() })
export type DataSourceInput = v.InferOutput<typeof dataSourceInput>

export const dataParameter = v.object({
  parameter_id: v.number(),
  name: v.string(),
  remark: v.string(),
  resource_type_id: resourceType,
  measurement: v.string(),
  code: v.string(),
})
export type DataParameter = v.InferOutput<typeof dataParameter>
export const dataParameterList = paged(dataParameter)
export const dataParameterInput = formObject({
  name: requiredText(150),
  // Nothing chosen ('' or 0) is the form's required message; anything else is read as an id is.
  resource_type_id: v.pipe(
    v.union([v.number(T.required), v.string(T.required)], T.required),
    v.check((x) => x !== '' && x !== 0, T.required),
    idValue(),
  ),
  remark: optionalText(),
})
export type DataParameterInput = v.InferOutput<typeof dataParameterInput>
export const dataParameterQuery = listQueryWith({ resource_type: idFilter() })

/** A model group's connection parameter (the wizard's step 2). */
export const modelConnParam = v.object({
  par_name: v.string(),
  description: v.string(),
  default_value: v.string(),
  required: v.boolean(),
})
export type ModelConnParam = v.InferOutput<typeof modelConnParam>
