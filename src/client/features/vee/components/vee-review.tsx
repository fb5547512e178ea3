import { HStack, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Check, Pencil } from 'lucide-react'
import { useState } from 'react'
import { CHANNELS, INTERVAL_STATUS, type Channel } from '../../../../shared/metering'
import { veeAcceptInput, veeEditInput, type VeeEditInput, type VeeReviewRow } from '../../../../shared/schemas/vee'
import { T } from '../../../../shared/texts'
import { DataTable, type Column } from '../../../components/ui/data-table'
import { RowAction } from '../../../components/ui/row-actions'
import { NumberField, TextField } from '../../../components/ui/fields'
import { FormDialog } from '../../../components/ui/form-dialog'
import { LoadError } from '../../../components/ui/load-error'
import { notify } from '../../../components/ui/notify'
import { useForm } from '../../../components/ui/use-form'
import { formatDateTime, formatQuantity, numberText } from '../../../lib/format'
import { useCan } from '../../../lib/auth'
import { useReviewInterval, veeReviewQueryOptions, type VeeScope } from '../api/vee'

const dateTime = formatDateTime
const kwh = (value: number | null) => (value === null ? '—' : formatQuantity(value, 'energy'))

/** A point's or an object's suspect, estimated and edited half-hours, to accept or correct (docs/vee.md). */
export function VeeReview({ scope }: { scope: VeeScope }) {
  const can = useCan()
  const review = useQuery(veeReviewQueryOptions(scope))
  const [target, setTarget] = useState<{ row: VeeReviewRow; mode: 'accept' | 'edit' } | null>(null)
  const reviewable = (row: VeeReviewRow) => row.status === INTERVAL_STATUS.SUSPECT || row.status === INTERVAL_STATUS.ESTIMATED
  const columns: Column<VeeReviewRow>[] = [
    { key: 'interval_start', header: T.veeInterval, render: (r) => dateTime(r.interval_start) },
    { key: 'point_name', header: 'Точка учёта', hideBelow: 'md' },
    { key: 'channel', header: T.veeChannel, render: (r) => CHANNELS[r.channel as Channel] ?? r.channel },
    { key: 'value', header: T.veeValue, align: 'end', render: (r) => kwh(r.value) },
    { key: 'status', header: T.veeStatusTitle, render: (r) => T.veeStatus[r.status] },
    { key: 'method', header: T.veeWhy, render: (r) => (r.method ? `${T.veeMethod[r.method] ?? r.method}${r.reason ? `: ${r.reason}` : ''}` : '') },
    { key: 'original_value', header: T.veeOriginal, align: 'end', hideBelow: 'lg', render: (r) => kwh(r.original_value) },
    { key: 'changed_by', header: T.veeWho, hideBelow: 'lg', render: (r) => (r.changed_at ? `${r.changed_by ?? T.veeRobot}, ${dateTime(r.changed_at)}` : '') },
  ]
  if (can('data.edit')) {
    columns.push({
      key: 'actions',
      header: '',
      render: (row) => (
        <div className="data-table-actions">
          {reviewable(row) && (
            <RowAction label={T.veeAccept} onClick={() => setTarget({ row, mode: 'accept' })}>
              <Check />
            </RowAction>
          )}
          <RowAction label={T.veeEdit} onClick={() => setTarget({ row, mode: 'edit' })}>
            <Pencil />
          </RowAction>
        </div>
      ),
    })
  }
  const rows = review.data?.results ?? []
  return (
    <Stack gap="3">
      {review.isError ? (
        <LoadError error={review.error} onRetry={() => void review.refetch()} />
      ) : review.isSuccess && rows.length === 0 ? (
        <Text color="fg.muted">{T.veeNothingToReview}</Text>
      ) : (
        <DataTable
          label={T.veeReviewTitle}
          columns={columns}
          rows={rows}
          rowKey={(r) => `${r.counter_id}:${r.channel}:${r.interval_start}`}
          loading={review.isPending}
        />
      )}
      {target && (
        <ReviewDialog
          key={`${target.row.counter_id}:${target.row.channel}:${target.row.interval_start}:${target.mode}`}
          row={target.row}
          mode={target.mode}
          onClose={() => setTarget(null)}
        />
      )}
    </Stack>
  )
}

function ReviewDialog({ row, mode, onClose }: { row: VeeReviewRow; mode: 'accept' | 'edit'; onClose: () => void }) {
  const key = { counter_id: row.counter_id, channel: row.channel, interval_start: row.interval_start }
  const form = useForm(mode === 'edit' ? veeEditInput : veeAcceptInput, { ...key, value: numberText(row.value), reason: '' })
  const reviewInterval = useReviewInterval()
  return (
    <FormDialog
      dirty={form.dirty}
      open
      onClose={onClose}
      title={`${mode === 'edit' ? T.veeEdit : T.veeAccept}: ${dateTime(row.interval_start)}`}
      submitLabel={mode === 'edit' ? T.veeEdit : T.veeAccept}
      submitting={form.submitting}
      onSubmit={form.submit(async (input) => {
        await reviewInterval.mutateAsync(mode === 'edit' ? { mode, input: input as VeeEditInput } : { mode, input })
        notify.success(mode === 'edit' ? T.veeEdited : T.veeAccepted)
        onClose()
      })}
    >
      <HStack gap="2">
        <Text>
          {row.point_name}, {CHANNELS[row.channel as Channel] ?? row.channel}
        </Text>
      </HStack>
      {mode === 'edit' && <NumberField label={T.veeValue} required {...form.field('value')} />}
      <TextField label={T.veeReason} required multiline {...form.field('reason')} maxLength={500} />
    </FormDialog>
  )
}
