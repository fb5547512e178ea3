import type { ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { T } from '../../../../shared/texts'
import { FormDialog } from '../../../components/ui/form-dialog'
import { SelectField } from '../../../components/ui/fields'
import { notify } from '../../../components/ui/notify'
import { resourcesQueryOptions } from '../api/references'

type Props<TInput> = {
  open: boolean
  title: string
  /** The dialog's `useForm`: its state while saving, and its checked input. */
  form: { submitting: boolean; submit: (action: (input: TInput) => Promise<unknown>) => (event?: { preventDefault(): void }) => unknown }
  save: (input: TInput) => Promise<unknown>
  onClose: () => void
  onDone: () => void
  width?: string
  children: ReactNode
}

/** A reference book's form dialog: the row saved, «Сохранено», the book refreshed (`onDone`) and the dialog closed. */
export function ReferenceDialog<TInput>({ open, title, form, save, onClose, onDone, width, children }: Props<TInput>) {
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={title}
      width={width}
      submitting={form.submitting}
      onSubmit={form.submit(async (input) => {
        await save(input)
        notify.success(T.saved)
        onDone()
        onClose()
      })}
    >
      {children}
    </FormDialog>
  )
}

/** The energy resource of a reference row, chosen among the resource types. */
export function ResourceSelect(props: { value: number | null; onChange: (id: number | null) => void; error?: string; required?: boolean }) {
  const resources = useQuery(resourcesQueryOptions)
  return (
    <SelectField
      label="Энергоресурс"
      required={props.required}
      value={props.value}
      options={(resources.data?.results ?? []).map((r) => ({ value: r.resource_type_id, label: r.name }))}
      onChange={props.onChange}
      error={props.error}
      emptyText={T.empty}
    />
  )
}
