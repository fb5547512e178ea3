import * as v from 'valibot'

/**
 * A shared input schema for a form whose required selects may be left empty: an empty one (null or '') reads as
 * a missing key, so the field says the form's «Заполните это поле!» rather than «Введите целое число».
 */
export function withEmptySelects<TSchema extends v.GenericSchema>(schema: TSchema, selects: readonly string[]) {
  return v.pipe(
    v.record(v.string(), v.unknown()),
    v.transform((values) => Object.fromEntries(Object.entries(values).filter(([key, value]) => !(selects.includes(key) && (value === null || value === ''))))),
    // The transform's output is what `schema` parses; valibot cannot see it from a generic schema.
    schema as unknown as v.GenericSchema<Record<string, unknown>, v.InferOutput<TSchema>>,
  )
}
