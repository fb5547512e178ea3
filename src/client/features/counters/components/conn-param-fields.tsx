import { Box, Button, HStack } from '@chakra-ui/react'
import { CONN_SOURCE_PARAM, CONN_SOURCES, isSecretConnParam, visibleConnParams, type ConnParamValues } from '../../../../shared/schemas/counters'
import { T } from '../../../../shared/texts'
import { connParamErrors, isNumericConnParam } from '../../../../shared/validation/conn-params'
import { NumberField, SelectField, TextField } from '../../../components/ui/fields'

/** A parameter of the model group or of an installation; `is_set` says whether an installation stores a secret. */
type Param = { par_name: string; description: string; required: boolean; is_set?: boolean }

export const sourceOf = (values: ConnParamValues) => values[CONN_SOURCE_PARAM] || CONN_SOURCES.TCP

/** Only the values that differ from where the form started are sent. */
export const changedConnParams = (values: ConnParamValues, initial: ConnParamValues): ConnParamValues =>
  Object.fromEntries(Object.entries(values).filter(([name, value]) => value !== (initial[name] ?? '')))

/**
 * Missing required values and mistyped ones (host, port, address...) of the parameters the chosen source shows;
 * `driver`, when known, narrows the network address to its protocol as the server does.
 */
export function connParamProblems(params: readonly Param[], values: ConnParamValues, driver?: string | null): Record<string, string> {
  const shown = visibleConnParams(params, sourceOf(values))
  const typed = Object.fromEntries(shown.map((p) => [p.par_name, values[p.par_name] ?? '']))
  return {
    ...connParamErrors(typed, driver),
    ...Object.fromEntries(shown.filter((p) => p.required && !values[p.par_name]?.trim()).map((p) => [`conn_params.${p.par_name}`, T.required])),
  }
}

/** A stored secret: shown as «задан», never its value; typing replaces it, «Очистить» removes it on save. */
function StoredSecretField(props: {
  param: Param
  value: string
  cleared: boolean
  error?: string
  onChange: (value: string) => void
  onClear: (clear: boolean) => void
}) {
  const { param, cleared } = props
  const action = cleared ? T.keepSecret : T.clearSecret
  return (
    <HStack align="center">
      <Box flex="1">
        <TextField
          label={param.description}
          type="password"
          autoComplete="new-password"
          placeholder={T.secretSet}
          disabled={cleared}
          value={cleared ? '' : props.value}
          helper={cleared ? T.secretWillClear : T.secretHint}
          onChange={props.onChange}
          error={props.error}
        />
      </Box>
      <Button variant="outline" size="sm" aria-label={`${action}: ${param.description}`} onClick={() => props.onClear(!cleared)}>
        {action}
      </Button>
    </HStack>
  )
}

/**
 * The data source choice and the parameters it needs (TCP: all but the source; lorawandb: the net address). A secret
 * the installation stores is empty here; `cleared` holds the secrets to remove on save.
 */
export function ConnParamFields(props: {
  params: readonly Param[]
  values: ConnParamValues
  errors: Record<string, string>
  sources: string[]
  onChange: (values: ConnParamValues) => void
  cleared?: readonly string[]
  onClearedChange?: (cleared: string[]) => void
}) {
  const cleared = props.cleared ?? []
  const source = sourceOf(props.values)
  const hasSource = props.params.some((p) => p.par_name === CONN_SOURCE_PARAM)
  return (
    <>
      {hasSource && (
        <SelectField
          label="Источник данных"
          required
          value={source}
          // The installation's own source stays a choice when the list of sources cannot be read (offline).
          options={(props.sources.includes(source) ? props.sources : [source, ...props.sources]).map((name) => ({ value: name, label: name }))}
          onChange={(x) => props.onChange({ ...props.values, [CONN_SOURCE_PARAM]: x ?? CONN_SOURCES.TCP })}
          error={props.errors[`conn_params.${CONN_SOURCE_PARAM}`]}
        />
      )}
      {visibleConnParams(props.params, source).map((p) =>
        p.is_set ? (
          <StoredSecretField
            key={p.par_name}
            param={p}
            value={props.values[p.par_name] ?? ''}
            cleared={cleared.includes(p.par_name)}
            error={props.errors[`conn_params.${p.par_name}`]}
            onChange={(x) => props.onChange({ ...props.values, [p.par_name]: x })}
            onClear={(clear) => {
              props.onChange({ ...props.values, [p.par_name]: '' })
              props.onClearedChange?.(clear ? [...cleared, p.par_name] : cleared.filter((name) => name !== p.par_name))
            }}
          />
        ) : isNumericConnParam(p.par_name) ? (
          <NumberField
            key={p.par_name}
            label={p.description}
            required={p.required}
            integer
            value={props.values[p.par_name] ?? ''}
            onChange={(x) => props.onChange({ ...props.values, [p.par_name]: x })}
            error={props.errors[`conn_params.${p.par_name}`]}
          />
        ) : (
          <TextField
            key={p.par_name}
            label={p.description}
            required={p.required}
            type={isSecretConnParam(p.par_name) ? 'password' : 'text'}
            autoComplete={isSecretConnParam(p.par_name) ? 'new-password' : 'off'}
            value={props.values[p.par_name] ?? ''}
            onChange={(x) => props.onChange({ ...props.values, [p.par_name]: x })}
            error={props.errors[`conn_params.${p.par_name}`]}
          />
        ),
      )}
    </>
  )
}
