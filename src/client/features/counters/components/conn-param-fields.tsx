import { CONN_SOURCE_PARAM, CONN_SOURCES, visibleConnParams, type ConnParamValues } from '../../../../shared/schemas/counters'
import { T } from '../../../../shared/texts'
import { SelectField, TextField } from '../../../components/ui/fields'

type Param = { par_name: string; description: string; required: boolean }

export const sourceOf = (values: ConnParamValues) => values[CONN_SOURCE_PARAM] || CONN_SOURCES.TCP

/** Only the values that differ from where the form started are sent. */
export const changedConnParams = (values: ConnParamValues, initial: ConnParamValues): ConnParamValues =>
  Object.fromEntries(Object.entries(values).filter(([name, value]) => value !== (initial[name] ?? '')))

/** Missing required values of the parameters the chosen source shows. */
export function missingConnParams(params: readonly Param[], values: ConnParamValues): Record<string, string> {
  return Object.fromEntries(
    visibleConnParams(params, sourceOf(values))
      .filter((p) => p.required && !values[p.par_name]?.trim())
      .map((p) => [`conn_params.${p.par_name}`, T.required]),
  )
}

/** The data source choice and the parameters it needs (TCP: all but the source; lorawandb: the net address). */
export function ConnParamFields(props: {
  params: readonly Param[]
  values: ConnParamValues
  errors: Record<string, string>
  sources: string[]
  onChange: (values: ConnParamValues) => void
}) {
  const source = sourceOf(props.values)
  const hasSource = props.params.some((p) => p.par_name === CONN_SOURCE_PARAM)
  return (
    <>
      {hasSource && (
        <SelectField
          label="Источник данных"
          required
          value={source}
          options={props.sources.map((name) => ({ value: name, label: name }))}
          onChange={(x) => props.onChange({ ...props.values, [CONN_SOURCE_PARAM]: x ?? CONN_SOURCES.TCP })}
          error={props.errors[`conn_params.${CONN_SOURCE_PARAM}`]}
        />
      )}
      {visibleConnParams(props.params, source).map((p) => (
        <TextField
          key={p.par_name}
          label={p.description}
          required={p.required}
          type={p.par_name === 'password' ? 'password' : 'text'}
          autoComplete="off"
          value={props.values[p.par_name] ?? ''}
          onChange={(x) => props.onChange({ ...props.values, [p.par_name]: x })}
          error={props.errors[`conn_params.${p.par_name}`]}
        />
      ))}
    </>
  )
}
