import { useQuery } from '@tanstack/react-query'
import type * as v from 'valibot'
import { T } from '../../../../shared/texts'
import { SelectField, TextField } from '../../../components/ui/fields'
import { SaveDialog } from '../../../components/ui/form-dialog'
import { useForm } from '../../../components/ui/use-form'
import { resourcesQueryOptions } from '../api/references'

/**
 * What a book gives its dialog: the row edited (null: a new one), the dialog's close, and the book's refresh after a
 * save. The book mounts the dialog only while it is open.
 */
export type ReferenceDialogProps<Row> = { row: Row | null; onClose: () => void; onDone: () => void }

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

/** A field of a `ReferenceDialog`: a text under its label, or the energy resource the row must have (`ResourceSelect`). */
type ReferenceField<K extends string> =
  { key: K; label: string; required?: boolean; maxLength?: number; multiline?: boolean; helper?: string } | { key: K; resource: true }

/** A row's name: required, as long as its column allows. */
export const nameField = (maxLength: number) => ({ key: 'name', label: 'Наименование', required: true, maxLength }) as const
export const remarkField = { key: 'remark', label: 'Примечание', multiline: true } as const

type Binding<T> = { value: T; onChange: (value: T) => void; error?: string }

/** A dialog's values: its texts and resource ids. */
type FieldValues = Record<string, string | number | null>

type Props<TValues extends FieldValues, TInput> = Omit<ReferenceDialogProps<unknown>, 'row'> & {
  title: string
  /** The book's shared input schema; a resource's select starts empty as null (`withEmptySelects`). */
  schema: v.GenericSchema<unknown, TInput>
  initial: TValues
  fields: ReferenceField<keyof TValues & string>[]
  save: (input: TInput) => Promise<unknown>
}

/** The dialog of a reference book whose fields are texts and the energy resource: the fields in order, then save. */
export function ReferenceDialog<TValues extends FieldValues, TInput>({ schema, initial, fields, ...dialog }: Props<TValues, TInput>) {
  const form = useForm<typeof schema, FieldValues>(schema, initial)
  return (
    <SaveDialog form={form} {...dialog}>
      {fields.map(({ key, ...field }) =>
        // The key's value is a text or a resource id by the field's kind: `initial` gives it so.
        'resource' in field ? (
          <ResourceSelect key={key} required {...(form.field(key) as Binding<number | null>)} />
        ) : (
          <TextField key={key} {...field} {...(form.field(key) as Binding<string>)} />
        ),
      )}
    </SaveDialog>
  )
}
