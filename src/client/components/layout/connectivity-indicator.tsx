import { useEffect } from 'react'
import { Badge, HStack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { CloudUpload, TriangleAlert, Users, Wifi, WifiOff } from 'lucide-react'
import { T } from '../../../shared/texts'
import { startSync, useSyncState } from '../../app/sync'

/**
 * Online or offline at a glance (the heartbeat's verdict), with the number of edits waiting, the user's and apart
 * other users' left on the device; both link to /outbox. The header holds it for as long as the console is signed in, and so it also runs
 * the sync: heartbeat, flushes, the token handed to the service worker.
 */
export function ConnectivityIndicator() {
  const queryClient = useQueryClient()
  useEffect(() => {
    // Its first heartbeat, flush and subscriptions run in a task of their own, after the screen's first render.
    let stop: (() => void) | undefined
    const timer = setTimeout(() => (stop = startSync(queryClient)))
    return () => {
      clearTimeout(timer)
      stop?.()
    }
  }, [queryClient])
  const { online, waiting, needsDecision, others } = useSyncState()
  return (
    <HStack gap="2" role="status" aria-live="polite">
      <Badge colorPalette={online ? 'green' : 'orange'} variant="solid" size="md" title={online ? T.online : T.noConnection}>
        {online ? <Wifi size={14} aria-hidden /> : <WifiOff size={14} aria-hidden />}
        <Words>{online ? T.online : T.noConnection}</Words>
      </Badge>
      {waiting > 0 && (
        <Link to="/outbox" title={needsDecision > 0 ? T.needsDecision(needsDecision) : T.outboxTitle}>
          {/* Red when some edits wait for the user's decision rather than for the network. */}
          <Badge colorPalette={needsDecision > 0 ? 'red' : 'blue'} variant="solid" size="md" _hover={{ opacity: 0.85 }}>
            {needsDecision > 0 ? <TriangleAlert size={14} aria-hidden /> : <CloudUpload size={14} aria-hidden />}
            <Words short={waiting}>{T.waitingEdits(waiting)}</Words>
          </Badge>
        </Link>
      )}
      {others > 0 && (
        <Link to="/outbox" title={T.othersWaitingHint}>
          <Badge colorPalette="gray" variant="solid" size="md" _hover={{ opacity: 0.85 }}>
            <Users size={14} aria-hidden />
            <Words short={others}>{T.othersWaiting(others)}</Words>
          </Badge>
        </Link>
      )}
    </HStack>
  )
}

/**
 * On a tablet the header is narrow: the icon, the colour and a number say it, the words are for screen readers (and the
 * badge's title). With both counts in words the 800 px header ran 270 px past the screen, «Выход» out of reach.
 */
function Words({ children, short }: { children: string; short?: number }) {
  return (
    <>
      <Text as="span" srOnly={{ base: true, lg: false }}>
        {children}
      </Text>
      {short !== undefined && (
        <Text as="span" aria-hidden display={{ lg: 'none' }}>
          {short}
        </Text>
      )}
    </>
  )
}
