import { useEffect, useState } from 'react'
import { Badge, HStack } from '@chakra-ui/react'
import { CloudUpload, Wifi, WifiOff } from 'lucide-react'
import { T } from '../../../shared/texts'
import { subscribeOutbox } from '../../offline'
import { flushNow } from '../../features/points/api/outbox-sync'

/**
 * Online or offline at a glance, with the number of edits waiting in the outbox. It also drives the
 * flush: on start, when the connection returns, and whenever the outbox changes (an edit was queued).
 */
export function ConnectivityIndicator() {
  const [online, setOnline] = useState(() => navigator.onLine)
  const [waiting, setWaiting] = useState(0)
  useEffect(() => {
    const update = () => setOnline(navigator.onLine)
    const back = () => {
      update()
      void flushNow(true)
    }
    window.addEventListener('online', back)
    window.addEventListener('offline', update)
    void flushNow()
    let pending = -1
    const unsubscribe = subscribeOutbox((entries) => {
      setWaiting(entries.length)
      // A flush already running picks new entries up; a new entry with nothing running starts one.
      const due = entries.filter((entry) => entry.status === 'pending').length
      if (due > pending && navigator.onLine) void flushNow()
      pending = due
    })
    return () => {
      window.removeEventListener('online', back)
      window.removeEventListener('offline', update)
      unsubscribe()
    }
  }, [])
  return (
    <HStack gap="2" role="status" aria-live="polite">
      <Badge colorPalette={online ? 'green' : 'orange'} variant="solid" size="md">
        {online ? <Wifi size={14} aria-hidden /> : <WifiOff size={14} aria-hidden />}
        {online ? 'В сети' : 'Нет связи'}
      </Badge>
      {waiting > 0 && (
        <Badge colorPalette="blue" variant="subtle" size="md">
          <CloudUpload size={14} aria-hidden />
          {T.waitingEdits(waiting)}
        </Badge>
      )}
    </HStack>
  )
}
