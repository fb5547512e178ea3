import { useEffect } from 'react'
import { Box, Progress, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { geopointParts, pointForm } from '../../../../shared/schemas/points'
import { T } from '../../../../shared/texts'
import { FormActions } from '../../../components/ui/fields'
import { LoadError } from '../../../components/ui/load-error'
import { notify } from '../../../components/ui/notify'
import { useForm } from '../../../components/ui/use-form'
import { useLeaveGuard } from '../../../components/ui/use-leave-guard'
import { isOffline } from '../../../lib/api-client'
import { formatNumber, numberText } from '../../../lib/format'
import { savedText } from '../../../lib/send-edit'
import { POINT_WRITABLE_FIELDS, type PointPatch } from '../../../offline'
import { useCan } from '../../../lib/auth'
import { customersForSelection, pointConsumptionQueryOptions, pointQueryOptions, useSavePointEdit, type LoadedPoint } from '../api/points'
import { customerNameOf, PointFields, type PointFormValues } from './point-fields'

const formValuesOf = (p: LoadedPoint): PointFormValues => ({
  name: p.name,
  point_number: p.point_number,
  address: p.address,
  ...geopointParts(p.geopoint ?? ''),
  remark: p.remark ?? '',
  customer_id: p.customer_id ?? null,
  energy_limit: numberText(p.energy_limit),
})

/** The point's main tab: its fields, saved through the outbox; a new version of the point starts the form afresh. */
export function PointEditTab({ id }: { id: number }) {
  const point = useQuery(pointQueryOptions(id))
  if (point.isError) return <LoadError error={point.error} title={T.loadFailed} onRetry={() => void point.refetch()} />
  if (!point.data) return <Skeleton height="64" />
  return <PointForm key={`${point.data.point_id}:${point.data.version}`} point={point.data} />
}

function PointForm({ point }: { point: LoadedPoint }) {
  const can = useCan()
  const form = useForm(pointForm, formValuesOf(point))
  const customers = useQuery(customersForSelection)
  const saveEdit = useSavePointEdit()
  useEffect(() => form.reset(formValuesOf(point)), [point]) // eslint-disable-line react-hooks/exhaustive-deps
  useLeaveGuard(form.dirty && !form.submitting)

  // «Изменения сохранены» only once the server has accepted.
  const save = form.submit(async (input) => {
    const current = point as unknown as Record<string, unknown>
    const changed = POINT_WRITABLE_FIELDS.filter(
      (field) => field in input && (input as Record<string, unknown>)[field] !== (current[field] ?? (field === 'customer_id' ? null : '')),
    )
    const patch = Object.fromEntries(changed.map((field) => [field, (input as Record<string, unknown>)[field]])) as PointPatch
    if (changed.includes('customer_id'))
      patch.customer = input.customer_id === null ? null : { name: customerNameOf(customers.data?.results, input.customer_id) ?? '' }
    const outcome = await saveEdit.mutateAsync({ current: point, patch })
    form.reset(form.values)
    if (outcome === 'accepted') notify.success(savedText(outcome))
    else notify.info(savedText(outcome))
  })

  const readOnly = !can('points.change')
  return (
    <form onSubmit={save} noValidate>
      <Stack gap="5" maxW="1100px">
        <ConsumptionGauge pointId={point.point_id} limit={Number(point.energy_limit ?? 0)} />
        {/* Greyed fields alone do not say why nothing can be typed. */}
        {readOnly && <Text color="fg.muted">{T.pointReadOnly}</Text>}
        <fieldset disabled={readOnly}>
          <PointFields
            form={form}
            customer={point.customer_id == null || !point.customer ? undefined : { customer_id: point.customer_id, name: point.customer.name }}
          />
        </fieldset>
        {!readOnly && (
          <Box>
            <FormActions dirty={form.dirty} submitting={form.submitting} onCancel={() => form.reset()} />
          </Box>
        )}
      </Stack>
    </form>
  )
}

/** This month's consumption of the point against its energy limit. */
function ConsumptionGauge({ pointId, limit }: { pointId: number; limit: number }) {
  const consumption = useQuery(pointConsumptionQueryOptions(pointId))
  if (consumption.isError) {
    return <Text color="fg.muted">Потребление за месяц: {(isOffline(consumption.error) ? T.offline : T.loadFailed).toLowerCase()}</Text>
  }
  const used = consumption.data?.consumption__sum ?? 0
  const percent = limit > 0 ? Math.min(100, (used / limit) * 100) : 0
  const palette = percent >= 100 ? 'red' : percent >= 80 ? 'orange' : 'green'
  return (
    <Progress.Root value={consumption.data ? percent : null} colorPalette={palette} maxW="520px" aria-label="Потребление за месяц относительно лимита">
      <Progress.Label mb="2">Потребление за месяц: {consumption.data ? `${formatNumber(used)} из ${formatNumber(limit)} кВт·ч` : '…'}</Progress.Label>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  )
}
