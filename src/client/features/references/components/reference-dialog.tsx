import { useQuery } from '@tanstack/react-query'
import { T } from '../../../../shared/texts'
import { SelectField } from '../../../components/ui/fields'
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
