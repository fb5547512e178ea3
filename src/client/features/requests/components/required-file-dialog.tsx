import { useState } from 'react'
import { Input } from '@chakra-ui/react'
import type * as v from 'valibot'
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
  // The record once it exists: a new one whose sample upload failed is edited from then on, never added twice.
  const [saved, setSaved] = useState(file)
  const save = async (body: v.InferOutput<typeof requiredFileInput>) => {
    let written = false
    try {
      return await saveRequiredFile(saved?.doc_required_file_id ?? null, body, sample, (record) => {
        written = true
        setSaved(record)
        form.reset(body)
      })
    } catch (error) {
      // The names are saved though the sample is not: the list shows them while the dialog stays open to retry.
      if (written) onDone()
      throw error
    }
  }
  return (
    <SaveDialog
      title={saved ? 'Требуемый файл' : 'Новый требуемый файл'}
      submitLabel={saved ? undefined : T.add}
      form={form}
      save={save}
      onClose={onClose}
      onDone={onDone}
    >
      <TextField label="Наименование документа" required maxLength={255} {...form.field('doc_required_file_name')} />
      <TextField label="Краткое наименование" required maxLength={100} {...form.field('short_file_name')} />
      <FieldShell
        label="Образец"
        error={form.errors.files}
        helper={saved?.doc_required_file_example ? T.sampleUploaded(saved.doc_required_file_example.real_file_name) : T.sampleNone}
      >
        <Input type="file" p="1" onChange={(e) => setSample(e.target.files?.[0] ?? null)} />
      </FieldShell>
    </SaveDialog>
  )
}
