import { useEffect } from 'react'
import { Alert, Button, Popover, Progress, Stack, Text } from '@chakra-ui/react'
import { PopoverPanel } from '../ui/popover-panel'
import { useSuspenseQuery } from '@tanstack/react-query'
import { HardDriveDownload, TriangleAlert } from 'lucide-react'
import { T } from '../../../shared/texts'
import { meQueryOptions } from '../../lib/auth'
import { mirrorNow, startMirror, useMirrorState } from '../../app/mirror'
import { formatDateTime } from '../../lib/format'
import { notify } from '../ui/notify'

/**
 * When the device's copy was last brought up to date, in the header; its panel shows the running round's progress,
 * the last failure, the browser's answer about keeping the data, and refreshes now. The header holds it for as long
 * as the console is signed in, and so it also runs the background mirror.
 */
export function MirrorStatus() {
  const { data: me } = useSuspenseQuery(meQueryOptions())
  useEffect(() => {
    // The first round starts after the screen's first render, as the sync does.
    let stop: (() => void) | undefined
    const timer = setTimeout(() => (stop = startMirror(me.user_id)))
    return () => {
      clearTimeout(timer)
      stop?.()
    }
  }, [me.user_id])
  const { running, progress, lastAt, error, persisted } = useMirrorState()
  // A failure is told once as a banner and stays on the panel until a round succeeds.
  useEffect(() => {
    if (error) notify.error(error)
  }, [error])
  const updated = lastAt === null ? T.mirrorNever : T.mirrorUpdatedAt(formatDateTime(new Date(lastAt)))
  const label = [T.mirrorTitle, updated, error].filter(Boolean).join('. ')
  const persistence = persisted === null ? T.mirrorPersistUnknown : persisted ? T.mirrorPersisted : T.mirrorNotPersisted
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <Button variant="ghost" size="sm" color="white" _hover={{ bg: 'blue.600' }} focusRingColor="white" aria-label={label} title={label}>
          {error ? <TriangleAlert size={16} aria-hidden color="orange" /> : <HardDriveDownload size={16} aria-hidden />}
          {/* In words on wide screens; a tablet's header has room for the date and time only (the label says it whole). */}
          <Text as="span" display={{ base: 'none', xl: 'inline' }} data-testid="mirror-updated">
            {updated}
          </Text>
          {lastAt !== null && (
            <Text as="span" display={{ base: 'none', md: 'inline', xl: 'none' }}>
              {formatDateTime(new Date(lastAt))}
            </Text>
          )}
        </Button>
      </Popover.Trigger>
      <PopoverPanel>
        <Popover.Body>
          <Stack gap="3">
            <Popover.Title fontWeight="semibold">{T.mirrorTitle}</Popover.Title>
            <Text>{updated}</Text>
            {progress && (
              <Progress.Root value={progress.done} max={progress.total} size="sm" aria-label={T.mirrorProgress(progress.done, progress.total)}>
                <Progress.Label>{T.mirrorProgress(progress.done, progress.total)}</Progress.Label>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
            )}
            {error && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{error}</Alert.Title>
              </Alert.Root>
            )}
            <Text fontSize="sm" color="fg.muted">
              {persistence}
            </Text>
            <Button size="sm" colorPalette="blue" loading={running} onClick={() => void mirrorNow(me.user_id)}>
              {T.mirrorRefresh}
            </Button>
          </Stack>
        </Popover.Body>
      </PopoverPanel>
    </Popover.Root>
  )
}
