import { useEffect, useState } from 'react'
import { IconButton } from '@chakra-ui/react'
import { useNavigate } from '@tanstack/react-router'
import { Bell, BellOff, BellRing } from 'lucide-react'
import { T } from '../../../shared/texts'
import { onWorkerMessage, registerPeriodicCheck } from '../../app/sw-bridge'

const supported = () => typeof Notification !== 'undefined' && 'serviceWorker' in navigator

/**
 * The bell: asks for the notifications permission from the user's click (browsers refuse it otherwise).
 * The service worker then notifies of new applications and messages; a click on one routes here.
 */
export function NotificationsButton() {
  const [permission, setPermission] = useState<NotificationPermission>(() => (supported() ? Notification.permission : 'denied'))
  const navigate = useNavigate()

  useEffect(() => {
    if (permission === 'granted') void registerPeriodicCheck()
  }, [permission])
  useEffect(
    () =>
      onWorkerMessage((message) => {
        if (message.type === 'open') void navigate({ to: message.path })
      }),
    [navigate],
  )

  if (!supported()) return null
  const enable = async () => setPermission(await Notification.requestPermission())
  const label = permission === 'granted' ? T.notificationsOn : permission === 'denied' ? T.notificationsBlocked : T.notificationsEnable
  return (
    <IconButton
      aria-label={label}
      title={label}
      variant="ghost"
      color="white"
      _hover={{ bg: 'blue.600' }}
      focusRingColor="white"
      disabled={permission !== 'default'}
      onClick={() => void enable()}
    >
      {permission === 'granted' ? <BellRing /> : permission === 'denied' ? <BellOff /> : <Bell />}
    </IconButton>
  )
}
