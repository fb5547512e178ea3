import { useState } from 'react'
import { Input } from '@chakra-ui/react'
import { T } from '../../../../shared/texts'
import { FieldShell } from '../../../components/ui/fields'
import { FormDialog } from '../../../components/ui/form-dialog'
import { useBusyAction } from '../../../components/ui/use-busy-action'

/** Accepting an application: the closing documents are attached first, then the status is set (by the caller). */
export function CloseFilesDialog({ open, onClose, onSubmit }: { open: boolean; onClose: () => void; onSubmit: (files: File[]) => Promise<void> }) {
  const [files, setFiles] = useState<File[]>([])
  const [error, setError] = useState<string>()
  const { busy: sending, run } = useBusyAction()
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Закрывающие документы"
      submitLabel="Отправить"
      submitting={sending}
      dirty={files.length > 0}
      onSubmit={(event) => {
        event.preventDefault()
        if (files.length === 0) return setError(T.fileMissing)
        void run(() => onSubmit(files))
      }}
    >
      <FieldShell label="Файлы закрывающих документов" required error={error} helper="Заявка получит статус «Принята» после отправки файлов">
        <Input
          type="file"
          multiple
          p="1"
          onChange={(e) => {
            setFiles([...(e.target.files ?? [])])
            setError(undefined)
          }}
        />
      </FieldShell>
    </FormDialog>
  )
}
