import { useQuery } from '@tanstack/react-query'
import { CUSTOMER_TYPES, DEFAULT_DOC_CUSTOMER_TYPE, DEFAULT_EXPIRED_IN_DAYS } from '../../../../shared/constants'
import { documentTypeForm, type DocumentType } from '../../../../shared/schemas/requests'
import { CheckboxList } from '../../../components/ui/checkbox-list'
import { NumberField, SelectField, TextField } from '../../../components/ui/fields'
import { SaveDialog } from '../../../components/ui/form-dialog'
import { useForm } from '../../../components/ui/use-form'
import { allRequiredFilesQueryOptions, saveRequestType } from '../api/request-types'
import { T } from '../../../../shared/texts'

const CUSTOMER_TYPE_OPTIONS = Object.entries(CUSTOMER_TYPES).map(([value, label]) => ({ value: Number(value), label }))

const initialOf = (type: DocumentType | null) => ({
  doc_type_name: type?.doc_type_name ?? '',
  doc_customer_type_id: (type?.doc_customer_type_id ?? DEFAULT_DOC_CUSTOMER_TYPE) as number | null,
  expired_in_days: String(type?.expired_in_days ?? DEFAULT_EXPIRED_IN_DAYS),
  required_files: type?.required_files.map((f) => f.doc_required_file_id) ?? [],
})

/** The request-type editor: name, subscriber type, days until reply, and the linked required files. */
export function RequestTypeDialog({ type, onClose, onDone }: { type: DocumentType | null; onClose: () => void; onDone: () => void }) {
  const form = useForm(documentTypeForm, initialOf(type))
  const files = useQuery(allRequiredFilesQueryOptions())
  return (
    <SaveDialog
      title={type ? 'Тип заявки' : 'Новый тип заявки'}
      submitLabel={type ? undefined : T.add}
      width="800px"
      form={form}
      save={(body) => saveRequestType(type?.doc_type_id ?? null, body, form.values.required_files)}
      onClose={onClose}
      onDone={onDone}
    >
      <TextField label="Наименование" required maxLength={255} {...form.field('doc_type_name')} />
      <SelectField label="Тип абонента" required options={CUSTOMER_TYPE_OPTIONS} {...form.field('doc_customer_type_id')} />
      <NumberField label="Срок ответа, дней" required integer {...form.field('expired_in_days')} />
      <CheckboxList
        legend="Требуемые файлы"
        options={(files.data?.results ?? []).map((f) => ({ value: f.doc_required_file_id, label: f.doc_required_file_name }))}
        {...form.field('required_files')}
        emptyText={files.isError ? T.requiredFilesLoadFailed : files.isPending ? T.loadingDots : T.noRequiredFiles}
        columns={2}
      />
    </SaveDialog>
  )
}
