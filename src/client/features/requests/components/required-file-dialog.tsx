import { useState } from 'react'
import { Input } from '@chakra-ui/react'
import { requiredFileInput, type RequiredFile } from '../../../../shared/schemas/requests'
import { FieldShell, TextField } from '../../../components/ui/fields'
import { SaveDialog } from '../../../components/ui/form-dialog'
import { useForm } from '../../../components/ui/use-form'
import { saveRequiredFile } from '../api/request-types'
import { T } from '../../../../shared/texts'

/** Adds or edits a required file: its name, short name and an optional sample file. */
export function RequiredFileDialog({ file, onClose, onDone }: { file: RequiredFile | null; onClose: () => void; onDone: () => void }) {
  const form = useForm(requiredFileInput, { doc_required_file_name: file?.doc_required_file_name ?? '', short_file_name: file?.short_file_name ?? '' })
  const [sample, setSample] = useState<File | null>(null)
  return (
    <SaveDialog
      title={file ? 'Требуемый файл' : 'Новый требуемый файл'}
      submitLabel={file ? undefined : T.add}
      form={form}
      save={(body) => saveRequiredFile(file?.doc_required_file_id ?? null, body, sample)}
      onClose={onClose}
      onDone={onDone}
    >
      <TextField label="Наименование документа" required maxLength={255} {...form.field('doc_required_file_name')} />
      <TextField label="Краткое наименование" required maxLength={100} {...form.field('short_file_name')} />
      <FieldShell
        label="Образец"
        error={form.errors.files}
        helper={file?.doc_required_file_example ? T.sampleUploaded(file.doc_required_file_example.real_file_name) : T.sampleNone}
      >
        <Input type="file" p="1" onChange={(e) => setSample(e.target.files?.[0] ?? null)} />
      </FieldShell>
    </SaveDialog>
  )
}
