import { useState } from 'react'
import { T } from '../../../../shared/texts'
import { ApiError } from '../../../lib/api-client'
import { FileField } from '../../../components/ui/fields'
import { FormDialog } from '../../../components/ui/form-dialog'
import { useBusyAction } from '../../../components/ui/use-busy-action'
import { CLOSE_FILES_FIELD } from '../api/requests'

/** Accepting an application: the closing documents are attached first, then the status is set (by the caller). */
export function CloseFilesDialog({ open, onClose, onSubmit }: { open: boolean; onClose: () => void; onSubmit: (files: File[]) => Promise<void> }) {
  const [files, setFiles] = useState<File[]>([])
  const [error, setError] = useState<string>()
  const { busy: sending, run } = useBusyAction()
  const send = async () => {
    try {
      await onSubmit(files)
    } catch (failure) {
      // The server's refusal of a file goes on the field, as the browser's own check does; anything else is a banner.
      const message = failure instanceof ApiError ? failure.fields[CLOSE_FILES_FIELD]?.[0] : undefined
      if (!message) throw failure
      setError(message)
    }
  }
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
        if (error) return
        void run(send)
      }}
    >
      <FileField
        label="Файлы закрывающих документов"
        required
        multiple
        error={error}
        helper="Заявка получит статус «Принята» после отправки файлов"
        onChange={(chosen, problem) => {
          setFiles(chosen)
          setError(problem)
        }}
      />
    </FormDialog>
  )
}
