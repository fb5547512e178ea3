import type { ReactNode } from 'react'
import { Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react'
import { T } from '../../../../shared/texts'
import { useConfirm } from '../../../components/ui/use-confirm'
import { useBusyAction } from '../../../components/ui/use-busy-action'
import { formatDateTime } from '../../../lib/format'
import { useCan } from '../../../lib/auth'
import { blockerText } from '../../../lib/send-edit'
import { signedInUserId, signedInUserName } from '../../../lib/session'
import { discard, FIELD_LABELS, keepMine, merge, recreate, resend, takeOver, takeTheirs, unansweredAttempts, type OutboxEntry } from '../../../offline'
import { changedFields, entryTitle, fieldText, localRow, RIGHT_OF, STATUS_COLOR, STATUS_TEXT, type OutboxItem } from '../api/outbox'
import { ConflictView } from './conflict-view'
import { RejectedForm } from './rejected-form'

/** One waiting edit: what, when, its state and last error, and what the user can do about it. */
export function OutboxEntryCard({
  entry,
  blocker = null,
  base = entry.base,
  foreign = false,
  later = [],
}: { entry: OutboxEntry } & Partial<Omit<OutboxItem, 'entry'>>) {
  if (foreign) return <ForeignEntryCard entry={entry} base={base} later={later} />
  return <OwnEntryCard entry={entry} blocker={blocker} base={base} />
}

/** A card's heading: what the edit is of, when it was made and how often it was sent, and its state. */
function EntryHeading({ title, entry, children }: { title: string; entry: OutboxEntry; children: ReactNode }) {
  // Sends that got no answer at all are not counted: a tablet simply offline would show dozens, read as refusals.
  const answered = entry.attempts - unansweredAttempts(entry)
  return (
    <HStack justify="space-between" align="start" wrap="wrap" gap="2">
      <Stack gap="0">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {T.outboxEntryMade(entry.op, formatDateTime(new Date(entry.createdAt)))}
          {answered > 0 && `, ${T.outboxAttempts(answered)}`}
        </Text>
      </Stack>
      {children}
    </HStack>
  )
}

/**
 * Another user's waiting edit: who made it, its state and which fields it changes, never their values (seen-by.ts); a
 * point they created, by no more than that it is new, with its author's later edits of it. A user with the right to
 * change the record (to create a point, the same right) may take it over, to send it under their own name (the question
 * shows the values), or discard it.
 */
function ForeignEntryCard({ entry, base, later }: { entry: OutboxEntry; base: OutboxEntry['base']; later: OutboxEntry[] }) {
  const confirm = useConfirm()
  const can = useCan()
  const { busy, run: act } = useBusyAction()
  const seq = entry.seq!
  const created = entry.op === 'create'
  const title = created ? T.outboxForeignNewPoint : entryTitle(entry, base)
  const who = T.outboxAuthor(entry.authorName, entry.author)
  const changed = changedFields(entry)
  const fields = changed.map((field) => FIELD_LABELS[entry.entity][field])
  const mayAct = can(RIGHT_OF[entry.entity]) && entry.status !== 'inflight'

  // The values show only in the questions: whoever takes the edit over answers for what goes out under their name, and
  // whoever discards it should see what is lost. A new point shows as it would be created, its later edits applied.
  const details = () => {
    if (created) {
      const row = Object.assign({}, entry.patch, ...later.map((each) => each.patch)) as Record<string, unknown>
      return Object.keys(FIELD_LABELS[entry.entity])
        .filter((field) => field in row)
        .map((field) => `${FIELD_LABELS[entry.entity][field]}: ${fieldText(row, field)}`)
    }
    return changed.map(
      (field) => `${FIELD_LABELS[entry.entity][field]}: ${fieldText(base as Record<string, unknown> | null, field)} → ${fieldText(localRow(entry), field)}`,
    )
  }
  const askTakeOver = async () => {
    const message = created ? T.outboxConfirmTakeOverCreate(who) : T.outboxConfirmTakeOver(who)
    if (await confirm({ message, details: details(), confirmLabel: T.outboxTakeOver }))
      await act(() => takeOver(seq, entry.author, signedInUserId(), signedInUserName()))
  }
  const askDiscard = async () => {
    const message = created ? T.outboxConfirmDiscardCreate(who) : T.outboxConfirmDiscardForeign(who)
    if (await confirm({ message, details: details(), confirmLabel: T.outboxDiscardForeign })) await act(() => discard(seq, entry.author))
  }

  return (
    <Box as="section" aria-label={title} bg="bg.subtle" borderWidth="1px" borderRadius="md" p="4">
      <Stack gap="2">
        <EntryHeading title={title} entry={entry}>
          <Badge colorPalette={STATUS_COLOR[entry.status]} variant="subtle" size="md">
            {entry.status === 'pending' ? T.outboxForeignPending : STATUS_TEXT[entry.status]}
          </Badge>
        </EntryHeading>
        <Text fontWeight="medium">{created ? T.outboxForeignCreate(who) : T.outboxForeign(who)}</Text>
        {!created && fields.length > 0 && <Text color="fg.muted">{T.outboxForeignFields(fields.join(', '))}</Text>}
        {later.length > 0 && <Text color="fg.muted">{T.outboxForeignCreateLater(later.length)}</Text>}
        {mayAct && (
          <HStack gap="2" wrap="wrap">
            <Button size="sm" colorPalette="blue" variant="outline" loading={busy} onClick={() => void askTakeOver()}>
              {T.outboxTakeOver}
            </Button>
            <Button size="sm" variant="outline" colorPalette="red" loading={busy} onClick={() => void askDiscard()}>
              {T.outboxDiscardForeign}
            </Button>
          </HStack>
        )}
      </Stack>
    </Box>
  )
}

/** One of the user's own waiting edits: what, when, its state and last error, and what the user can do about it. */
function OwnEntryCard({ entry, blocker, base }: { entry: OutboxEntry; blocker: OutboxItem['blocker']; base: OutboxEntry['base'] }) {
  const confirm = useConfirm()
  const can = useCan()
  // Every resolution is a Dexie write; the sync module notices the re-queued entry and sends it.
  const { busy, run: act } = useBusyAction()
  const seq = entry.seq!
  const author = signedInUserId()
  const title = entryTitle(entry, base)
  const held = entry.status === 'pending' && blocker !== null
  const goneOnServer = entry.lastError?.status === 404
  // Refused for want of a right: before the user holds it again (an administrator restored it) the same request would
  // only be refused again. Sent then, it meets what else changed meanwhile: a deleted point answers 404, which offers
  // «Создать заново».
  const refusedForRight = entry.lastError?.status === 403
  const forbidden = refusedForRight && !can(RIGHT_OF[entry.entity])

  const askDiscard = async () => {
    if (await confirm({ message: T.outboxConfirmDiscard, confirmLabel: T.outboxDiscard })) await act(() => discard(seq, author))
  }

  return (
    <Box as="section" aria-label={title} bg="bg" borderWidth="1px" borderRadius="md" p="4">
      <Stack gap="3">
        <EntryHeading title={title} entry={entry}>
          <Badge colorPalette={held ? 'orange' : STATUS_COLOR[entry.status]} variant="solid" size="md">
            {held ? T.outboxBlocked : STATUS_TEXT[entry.status]}
          </Badge>
        </EntryHeading>
        {held && <Text color="orange.fg">{T.outboxWaitsBehind(blockerText(blocker))}</Text>}
        {/* A conflict's card below says what happened and what to choose. */}
        {entry.lastError && entry.status !== 'conflict' && (
          <Text color={entry.status === 'pending' ? 'fg.muted' : 'red.fg'} role={entry.status === 'rejected' ? 'alert' : undefined}>
            {entry.lastError.message}
          </Text>
        )}
        {entry.status === 'conflict' && (
          <ConflictView
            entry={entry}
            busy={busy}
            onKeepMine={() => void act(() => keepMine(seq, author))}
            onTakeTheirs={() => void act(() => takeTheirs(seq, author))}
            onMerge={(fromMine) => void act(() => merge(seq, author, fromMine))}
          />
        )}
        {entry.status === 'rejected' && goneOnServer && (
          // Sending the same edit again would meet the same 404: a deleted point can be created anew.
          <Stack gap="2">
            <Text fontWeight="medium">{T.outboxDeletedOnServer}</Text>
            <HStack gap="2" wrap="wrap">
              {entry.entity === 'point' && (
                <Button size="sm" colorPalette="blue" loading={busy} onClick={() => void act(() => recreate(seq, author))}>
                  {T.outboxRecreate}
                </Button>
              )}
              <Button size="sm" variant="outline" colorPalette="red" loading={busy} onClick={() => void askDiscard()}>
                {T.outboxDiscard}
              </Button>
            </HStack>
          </Stack>
        )}
        {entry.status === 'rejected' && forbidden && (
          <Stack gap="2">
            <Text fontWeight="medium">{T.outboxNoRight}</Text>
            <Button alignSelf="start" size="sm" variant="outline" colorPalette="red" loading={busy} onClick={() => void askDiscard()}>
              {T.outboxDiscard}
            </Button>
          </Stack>
        )}
        {entry.status === 'rejected' && refusedForRight && !forbidden && <Text fontWeight="medium">{T.outboxRightNow}</Text>}
        {entry.status === 'rejected' && !goneOnServer && !forbidden && (
          <RejectedForm entry={entry} busy={busy} onResend={(patch) => void act(() => resend(seq, author, patch))} onDiscard={() => void askDiscard()} />
        )}
        {(entry.status === 'pending' || entry.status === 'inflight') && (
          <>
            <Stack as="ul" gap="1" listStyleType="none">
              {changedFields(entry).map((field) => (
                <Text as="li" key={field}>
                  <Text as="span" color="fg.muted">
                    {FIELD_LABELS[entry.entity][field]}:
                  </Text>{' '}
                  {entry.op === 'update' && `${fieldText(base as Record<string, unknown> | null, field)} → `}
                  {fieldText(localRow(entry), field)}
                </Text>
              ))}
            </Stack>
            {entry.status === 'pending' && (
              <Button alignSelf="start" size="sm" variant="outline" colorPalette="red" loading={busy} onClick={() => void askDiscard()}>
                {T.outboxDiscard}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Box>
  )
}
