import { useEffect, useState } from 'react'
import { Skeleton } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import type { ConnParamValues } from '../../../../shared/schemas/counters'
import { T } from '../../../../shared/texts'
import { FormDialog } from '../../../components/ui/form-dialog'
import { OfflineBanner } from '../../../components/ui/list-header'
import { notify } from '../../../components/ui/notify'
import { ApiError } from '../../../lib/api-client'
import { dataSourcesQueryOptions } from '../../references/api/references'
import { connParamsQueryOptions, useUpdateConnParams } from '../api/counters'
import { changedConnParams, ConnParamFields, connParamProblems } from './conn-param-fields'

/** Connection parameters of the current installation; only changed values are sent, a stored password only if replaced or cleared. */
export function ConnParamsDialog({ counter, onClose }: { counter: { counter_id: number; serial_num: string } | null; onClose: () => void }) {
  const params = useQuery({ ...connParamsQueryOptions(counter?.counter_id ?? 0), enabled: counter !== null })
  const sources = useQuery(dataSourcesQueryOptions)
  const update = useUpdateConnParams(counter?.counter_id ?? 0)
  const [initial, setInitial] = useState<ConnParamValues>({})
  const [values, setValues] = useState<ConnParamValues>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [cleared, setCleared] = useState<string[]>([])
  useEffect(() => {
    const loaded = Object.fromEntries((params.data?.params ?? []).map((p) => [p.par_name, p.par_value]))
    setInitial(loaded)
    setValues(loaded)
    setCleared([])
    setErrors({})
  }, [params.data])

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    const missing = connParamProblems(params.data?.params ?? [], values)
    setErrors(missing)
    if (Object.keys(missing).length > 0) return
    // A stored secret is answered empty: an empty field keeps it, only a cleared one is sent empty.
    const changed = { ...changedConnParams(values, initial), ...Object.fromEntries(cleared.map((name) => [name, ''])) }
    if (Object.keys(changed).length === 0) return onClose()
    try {
      await update.mutateAsync(changed)
      notify.success(T.saved)
      onClose()
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length)
        setErrors(Object.fromEntries(Object.entries(error.fields).map(([k, m]) => [k, m[0] ?? ''])))
      else notify.error(error, T.notSavedOffline)
    }
  }

  return (
    <FormDialog
      open={counter !== null}
      onClose={onClose}
      title={`Параметры подключения ${counter?.serial_num ?? ''}`}
      onSubmit={(e) => void submit(e)}
      submitting={update.isPending}
      dirty={cleared.length > 0 || Object.keys(changedConnParams(values, initial)).length > 0}
    >
      {params.isError ? (
        params.error.message
      ) : !params.data ? (
        <Skeleton height="40" />
      ) : (
        <>
          {/* The device's copy may be older than the server's values, and only the server saves them. */}
          {params.data.offline && <OfflineBanner text={T.offlineConnParams} />}
          <ConnParamFields
            params={params.data.params}
            values={values}
            errors={errors}
            sources={(sources.data?.results ?? []).map((s) => s.name)}
            onChange={setValues}
            cleared={cleared}
            onClearedChange={setCleared}
          />
        </>
      )}
    </FormDialog>
  )
}
