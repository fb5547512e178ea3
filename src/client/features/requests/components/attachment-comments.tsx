import { useState } from 'react'
import { Box, Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react'
import type { Attachment } from '../../../../shared/schemas/requests'
import { useBusyAction } from '../../../components/ui/use-busy-action'
import { formatDateTime, fullName } from '../../../lib/format'
import { T } from '../../../../shared/texts'

/** The comment thread of one attachment and the input for a new comment. */
export function AttachmentComments({
  attachment,
  canComment,
  onSend,
}: {
  attachment: Attachment
  canComment: boolean
  onSend: (text: string) => Promise<void>
}) {
  const [text, setText] = useState('')
  const { busy: sending, run } = useBusyAction()
  const inputId = `comment-${attachment.doc_request_attach_id}`
  const send = () => {
    if (!text.trim()) return
    void run(async () => {
      await onSend(text.trim())
      setText('')
    })
  }
  return (
    <Stack gap="3">
      <Stack gap="2" role="list" aria-label={`Комментарии к файлу ${attachment.real_file_name}`}>
        {attachment.comments.length === 0 && (
          <Text color="fg.muted" fontSize="sm">
            Комментариев нет
          </Text>
        )}
        {attachment.comments.map((c) => (
          <Box key={c.doc_attachment_comment_id} role="listitem" p="2" borderRadius="md" bg={c.created_by?.is_stuff ? 'blue.subtle' : 'bg.muted'}>
            <Text fontSize="xs" color="fg.muted">
              {fullName(c.created_by) || T.userDeleted} · {c.created_by?.is_stuff ? 'сотрудник' : 'абонент'} · {formatDateTime(c.created_at)}
            </Text>
            <Text whiteSpace="pre-wrap">{c.doc_attachment_comment}</Text>
          </Box>
        ))}
      </Stack>
      {canComment && (
        <HStack align="end" gap="2">
          <Stack gap="1" flex="1" minW="0">
            <Textarea
              id={inputId}
              aria-label={T.newCommentTo(attachment.real_file_name)}
              aria-describedby={`${inputId}-hint`}
              placeholder="Комментарий"
              rows={2}
              maxLength={2000}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) send()
              }}
            />
            {/* Enter alone starts a new line: the shortcut that sends is said, or nobody finds it; not on a touch screen with no keys. */}
            <Text id={`${inputId}-hint`} fontSize="xs" color="fg.muted" css={{ '@media (hover: none) and (pointer: coarse)': { display: 'none' } }}>
              {T.commentSendHint}
            </Text>
          </Stack>
          <Button colorPalette="blue" loading={sending} disabled={!text.trim()} onClick={send}>
            Отправить
          </Button>
        </HStack>
      )}
    </Stack>
  )
}
