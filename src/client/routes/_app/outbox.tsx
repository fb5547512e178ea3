import { useState } from 'react'
import { Button, Stack, Text } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { Send } from 'lucide-react'
import { T } from '../../../shared/texts'
import { PageHeader } from '../../components/ui/page-header'
import { OfflineBanner } from '../../components/ui/list-header'
import { RoutePending } from '../../components/ui/route-pending'
import { flushNow, useSyncState } from '../../app/sync'
import { useOutboxEntries } from '../../features/outbox/api/outbox'
import { OutboxEntryCard } from '../../features/outbox/components/outbox-entry-card'

export const Route = createFileRoute('/_app/outbox')({
  component: OutboxPage,
})

/** Edits made on this device that the server has not accepted yet (docs/offline.md). */
function OutboxPage() {
  const entries = useOutboxEntries()
  const { online } = useSyncState()
  const [sending, setSending] = useState(false)
  const sendNow = async () => {
    setSending(true)
    await flushNow(true)
    setSending(false)
  }
  return (
    <>
      <PageHeader
        title={T.outboxTitle}
        actions={
          entries?.some(({ entry, foreign }) => !foreign && entry.status === 'pending') && (
            <Button colorPalette="blue" loading={sending} onClick={() => void sendNow()}>
              <Send size={16} aria-hidden /> {T.outboxSendNow}
            </Button>
          )
        }
      />
      {/* Other users' edits go when their authors sign in again, not when the server is back. */}
      {!online && <OfflineBanner text={entries?.some(({ foreign }) => !foreign) ? T.outboxOffline : T.offline} />}
      {entries === undefined ? (
        <RoutePending />
      ) : entries.length === 0 ? (
        <Text color="fg.muted">{T.outboxEmpty}</Text>
      ) : (
        <Stack gap="3" maxW="4xl">
          {entries.map((item) => (
            <OutboxEntryCard key={item.entry.seq} {...item} />
          ))}
        </Stack>
      )}
    </>
  )
}
