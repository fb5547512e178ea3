import { useState } from 'react'
import * as v from 'valibot'
import { formObject } from '../../../../shared/schemas/common'
import { requiredFileInput, type RequiredFile } from '../../../../shared/schemas/requests'
import { uploadProblem } from '../../../../shared/validation/upload'
import { FileField, TextField } from '../../../components/ui/fields'
import { SaveDialog } from '../../../components/ui/form-dialog'
import { useForm } from '../../../components/ui/use-form'
import { saveRequiredFile } from '../api/request-types'
import { T } from '../../../../shared/texts'

/** The names the server takes, and the sample (`files`, as the server names its field), held to the upload limits. */
const dialogInput = formObject(
  {
    ...requiredFileInput.entries,
    files: v.nullable(
      v.pipe(
        v.instance(File, T.invalidValue),
        v.check(
          (file) => !uploadProblem([file]),
          (issue) => uploadProblem([issue.input as File]) ?? T.invalidValue,
        ),
      ),
    ),
  },
  T.requiredAlt,
)

/** Adds or edits a required file: its name, short name and an optional sample file. */
export function RequiredFileDialog({ file, onClose, onDone }: { file: RequiredFile | null; onClose: () => void; onDone: () => void }) {
  const form = useForm(dialogInput, {
    doc_required_file_name: file?.doc_required_file_name ?? '',
    short_file_name: file?.short_file_name ?? '',
    files: null as File | null,
  })
  // The record once it exists: a new one whose sample upload failed is edited from then on, never added twice.
  const [saved, setSaved] = useState(file)
  const save = async ({ files: sample, ...names }: v.InferOutput<typeof dialogInput>) => {
    let written = false
    try {
      return await saveRequiredFile(saved?.doc_required_file_id ?? null, names, sample, (record) => {
        written = true
        setSaved(record)
        form.reset({ ...names, files: sample })
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
      <FileField
        label="Образец"
        error={form.errors.files}
        helper={saved?.doc_required_file_example ? T.sampleUploaded(saved.doc_required_file_example.real_file_name) : T.sampleNone}
        onChange={(files, problem) => {
          form.set('files', files[0] ?? null)
          if (problem) form.setErrors((errors) => ({ ...errors, files: problem }))
        }}
      />
    </SaveDialog>
  )
}
