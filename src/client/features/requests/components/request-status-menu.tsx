import { useState } from 'react'
import { Button, Menu, Portal } from '@chakra-ui/react'
import { ChevronDown } from 'lucide-react'
import { DOC_STATUS_ACCEPTED, DOC_STATUS_DECLINED, type DocStatus } from '../../../../shared/constants'
import type { DocumentRequest } from '../../../../shared/schemas/requests'
import { notify } from '../../../components/ui/notify'
import { updateRequest, uploadCloseFiles } from '../api/requests'
import { CloseFilesDialog } from './close-files-dialog'
import { ReasonDialog } from './reason-dialog'
import { REQUEST_STATUS_PALETTE } from './status-palettes'

type Props = {
  request: DocumentRequest
  statuses: { doc_status_id: number; doc_status_name: string }[]
  disabled?: boolean
  onChanged: () => Promise<void>
  /** After acceptance the screen closes. */
  onAccepted: () => void
}

/** The status menu: 4 asks for the decline reason, 3 for the closing documents, the others apply at once. */
export function RequestStatusMenu({ request, statuses, disabled, onChanged, onAccepted }: Props) {
  const [asking, setAsking] = useState<'reason' | 'files' | null>(null)
  const id = request.doc_request_id

  const choose = async (status: DocStatus) => {
    if (status === request.status.id) return
    if (status === DOC_STATUS_DECLINED) return setAsking('reason')
    if (status === DOC_STATUS_ACCEPTED) return setAsking('files')
    try {
      await updateRequest(id, { doc_status: status })
      await onChanged()
    } catch (error) {
      notify.error(error)
    }
  }

  return (
    <>
      <Menu.Root onSelect={(e) => void choose(Number(e.value) as DocStatus)}>
        <Menu.Trigger asChild disabled={disabled}>
          <Button
            size="sm"
            colorPalette={REQUEST_STATUS_PALETTE[request.status.id]}
            variant={request.status.id === 1 ? 'outline' : 'solid'}
            aria-label={`Статус: ${request.status.name}`}
          >
            {request.status.name} <ChevronDown size={14} aria-hidden />
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              {statuses.map((s) => (
                <Menu.Item key={s.doc_status_id} value={String(s.doc_status_id)} color={`${REQUEST_STATUS_PALETTE[s.doc_status_id]}.fg`}>
                  {s.doc_status_name}
                </Menu.Item>
              ))}
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <ReasonDialog
        open={asking === 'reason'}
        title="Отклонение заявки"
        label="Причина отклонения"
        onClose={() => setAsking(null)}
        onSubmit={async (reason) => {
          await updateRequest(id, { doc_status: DOC_STATUS_DECLINED, decline_reason: reason })
          await onChanged()
        }}
      />
      {asking === 'files' && (
        <CloseFilesDialog
          open
          onClose={() => setAsking(null)}
          onSubmit={async (files) => {
            await uploadCloseFiles(id, files)
            await updateRequest(id, { doc_status: DOC_STATUS_ACCEPTED })
            await onChanged()
            onAccepted()
          }}
        />
      )}
    </>
  )
}
