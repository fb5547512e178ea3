import { useState } from 'react'
import { Accordion, Badge, Box, Button, HStack, Menu, Portal, Span, Text } from '@chakra-ui/react'
import { ChevronDown, Download } from 'lucide-react'
import { ATTACH_STATUS_DECLINED, ATTACH_STATUSES } from '../../../../shared/constants'
import type { Attachment } from '../../../../shared/schemas/requests'
import { T } from '../../../../shared/texts'
import { notify } from '../../../components/ui/notify'
import { downloadFile } from '../../../lib/api-client'
import { formatDate } from '../../../lib/format'
import { addComment, markAttachmentViewed, setAttachmentStatus } from '../api/requests'
import { AttachmentComments } from './attachment-comments'
import { ReasonDialog } from './reason-dialog'
import { ATTACH_STATUS_PALETTE } from './status-palettes'

type Status = keyof typeof ATTACH_STATUSES
/** Accepting first, declining last behind a separator: a finger slipping off one must not land on the other. */
const STATUS_ORDER = (Object.keys(ATTACH_STATUSES).map(Number) as Status[]).filter((s) => s !== ATTACH_STATUS_DECLINED)
const statusName = (id: number) => ATTACH_STATUSES[id as keyof typeof ATTACH_STATUSES] ?? String(id)

type Props = { requestId: number; attachments: Attachment[]; canChange: boolean; onChanged: () => Promise<void> }

/**
 * The attached files: each a panel with its status chip, its download and its comment thread. Opening a panel
 * marks the attachment viewed (its unread comments stop counting in the side-menu badge). A new status is confirmed
 * by a banner; a declined file's panel opens on its comments, where the reason just given is.
 */
export function AttachmentList({ requestId, attachments, canChange, onChanged }: Props) {
  const [open, setOpen] = useState<string[]>([])
  const [refusing, setRefusing] = useState<Attachment | null>(null)

  const run = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work()
      await onChanged()
      if (done) notify.success(done)
    } catch (error) {
      notify.error(error)
    }
  }
  const onOpenChange = (next: string[]) => {
    for (const value of next.filter((v) => !open.includes(v))) void run(() => markAttachmentViewed(Number(value)))
    setOpen(next)
  }
  const chooseStatus = (a: Attachment, status: number) => {
    if (status === a.doc_request_attach_status) return
    if (status === ATTACH_STATUS_DECLINED) return setRefusing(a)
    void run(() => setAttachmentStatus(a.doc_request_attach_id, status), T.attachmentStatusSet(a.real_file_name, statusName(status)))
  }

  if (attachments.length === 0) return <Text color="fg.muted">{T.empty}</Text>
  return (
    <>
      <Accordion.Root multiple value={open} onValueChange={(e) => onOpenChange(e.value)} variant="enclosed">
        {attachments.map((a) => (
          <Accordion.Item key={a.doc_request_attach_id} value={String(a.doc_request_attach_id)}>
            <HStack gap="2" pe="3" wrap="wrap">
              <Accordion.ItemTrigger flex="1" minW="0">
                <Box flex="1" textAlign="start" minW="0">
                  <Text fontWeight="medium">{a.required_doc_type_name || 'Файл'}</Text>
                  <Text fontSize="sm" color="fg.muted" truncate>
                    {a.real_file_name} · {formatDate(a.created_at)}
                  </Text>
                </Box>
                {a.comments_user_unviewed > 0 && <Badge colorPalette="red">Новых: {a.comments_user_unviewed}</Badge>}
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
              <Menu.Root onSelect={(e) => chooseStatus(a, Number(e.value))}>
                <Menu.Trigger asChild disabled={!canChange}>
                  <Button
                    size="xs"
                    borderRadius="full"
                    colorPalette={ATTACH_STATUS_PALETTE[a.doc_request_attach_status]}
                    aria-label={`Статус файла ${a.real_file_name}: ${statusName(a.doc_request_attach_status)}`}
                  >
                    {statusName(a.doc_request_attach_status)}
                    {canChange && <ChevronDown size={12} aria-hidden />}
                  </Button>
                </Menu.Trigger>
                <Portal>
                  <Menu.Positioner>
                    <Menu.Content>
                      {STATUS_ORDER.map((s) => (
                        <Menu.Item key={s} value={String(s)} color={`${ATTACH_STATUS_PALETTE[s]}.fg`}>
                          {ATTACH_STATUSES[s]}
                        </Menu.Item>
                      ))}
                      <Menu.Separator />
                      <Menu.Item value={String(ATTACH_STATUS_DECLINED)} color={`${ATTACH_STATUS_PALETTE[ATTACH_STATUS_DECLINED]}.fg`}>
                        {ATTACH_STATUSES[ATTACH_STATUS_DECLINED]}
                      </Menu.Item>
                    </Menu.Content>
                  </Menu.Positioner>
                </Portal>
              </Menu.Root>
            </HStack>
            <Accordion.ItemContent>
              <Accordion.ItemBody>
                <Button size="sm" variant="outline" mb="3" onClick={() => void downloadFile(`/api/download/${a.file_name}`).catch(notify.error)}>
                  <Download size={14} aria-hidden /> Скачать <Span srOnly>{a.real_file_name}</Span>
                </Button>
                <AttachmentComments
                  attachment={a}
                  canComment={canChange}
                  onSend={async (text) => {
                    await addComment(requestId, a.doc_request_attach_id, text)
                    await onChanged()
                  }}
                />
              </Accordion.ItemBody>
            </Accordion.ItemContent>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      <ReasonDialog
        open={refusing !== null}
        title={T.attachmentDeclineReason}
        label="Причина отказа"
        onClose={() => setRefusing(null)}
        onSubmit={async (reason) => {
          const file = refusing!
          await setAttachmentStatus(file.doc_request_attach_id, ATTACH_STATUS_DECLINED, reason)
          await onChanged()
          notify.success(T.attachmentDeclined(file.real_file_name))
          const value = String(file.doc_request_attach_id)
          if (!open.includes(value)) onOpenChange([...open, value])
        }}
      />
    </>
  )
}
