import { useEffect, useState } from 'react'
import { Badge } from '@chakra-ui/react'
import { Wifi, WifiOff } from 'lucide-react'

/** Online or offline at a glance; the offline layer adds the number of edits waiting. */
export function ConnectivityIndicator() {
  const [online, setOnline] = useState(() => navigator.onLine)
  useEffect(() => {
    const update = () => setOnline(navigator.onLine)
    window.addEventListener('online', update)
    window.addEventListener('offline', update)
    return () => {
      window.removeEventListener('online', update)
      window.removeEventListener('offline', update)
    }
  }, [])
  return (
    <Badge colorPalette={online ? 'green' : 'orange'} variant="solid" size="md" role="status" aria-live="polite">
      {online ? <Wifi size={14} aria-hidden /> : <WifiOff size={14} aria-hidden />}
      {online ? 'В сети' : 'Нет связи'}
    </Badge>
  )
}
