import { Box, Button, Flex, HStack, IconButton, Menu, Portal, Text } from '@chakra-ui/react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { CircleHelp, KeyRound, LogOut, Menu as MenuIcon, UserRound } from 'lucide-react'
import { APP_SHORT_NAME, RELEASE_VERSIONS } from '../../../shared/app-info'
import { meQueryOptions } from '../../lib/auth'
import { T } from '../../../shared/texts'
import { useSyncState } from '../../app/sync'
import { session } from '../../lib/session'
import { useConfirm } from '../ui/use-confirm'
import { fullName } from '../../lib/format'
import { OwnPasswordDialog } from '../../features/users/components/own-password-dialog'
import { ConnectivityIndicator } from './connectivity-indicator'
import { MirrorStatus } from './mirror-status'
import { NotificationsButton } from './notifications-button'

export function Header({ onMenu }: { onMenu: () => void }) {
  const { data: me } = useSuspenseQuery(meQueryOptions())
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [changingPassword, setChangingPassword] = useState(false)

  const confirm = useConfirm()
  const { waiting, needsDecision, online } = useSyncState()

  const logout = async () => {
    // The user's unsent edits stay on the device for their next sign-in; they may prefer to stay and send them. Conflicts
    // and rejections are not sent by signing in again: they wait for the user's decision, and the question says so.
    // Out of the server's reach nobody signs in again until it is back, so that is asked too.
    if (waiting > 0 || !online) {
      const message = [!online && T.signOutOffline, waiting > 0 && T.signOutWaiting(waiting - needsDecision, needsDecision)].filter(Boolean).join(' ')
      const title = waiting > 0 ? T.signOutWaitingTitle : T.signOutOfflineTitle
      const leave = await confirm({ title, message, confirmLabel: T.signOut, cancelLabel: T.signOutStay })
      if (!leave) return
    }
    session.signOut()
    queryClient.clear()
    await navigate({ to: '/login' })
  }

  // Focus rings on the blue bar are white: the theme's grey ones would not stand out on it.
  return (
    <Flex as="header" h="56px" px="3" gap="2" align="center" bg="blue.700" color="white" position="sticky" top="0" zIndex="sticky">
      <IconButton
        aria-label="Открыть меню"
        variant="ghost"
        color="white"
        display={{ base: 'inline-flex', xl: 'none' }}
        onClick={onMenu}
        _hover={{ bg: 'blue.600' }}
        focusRingColor="white"
      >
        <MenuIcon />
      </IconButton>
      <Link to="/">
        <Text fontWeight="bold" fontSize="lg">
          {APP_SHORT_NAME}
        </Text>
      </Link>
      <Box flex="1" />
      <ConnectivityIndicator />
      <MirrorStatus />
      <NotificationsButton />
      <Menu.Root>
        <Menu.Trigger asChild>
          <IconButton aria-label="Справка" variant="ghost" color="white" _hover={{ bg: 'blue.600' }} focusRingColor="white">
            <CircleHelp />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>Список изменений</Menu.ItemGroupLabel>
                {RELEASE_VERSIONS.map((version) => (
                  <Menu.Item key={version} value={version} asChild>
                    <Link to="/release-notes" hash={`v${version}`}>
                      Версия {version}
                    </Link>
                  </Menu.Item>
                ))}
              </Menu.ItemGroup>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <Menu.Root onSelect={({ value }) => value === 'password' && setChangingPassword(true)}>
        <Menu.Trigger asChild>
          <IconButton aria-label="Учётная запись" variant="ghost" color="white" _hover={{ bg: 'blue.600' }} focusRingColor="white">
            <UserRound />
          </IconButton>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content>
              <Menu.Item value="password">
                <KeyRound size={16} aria-hidden />
                Сменить пароль
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <OwnPasswordDialog open={changingPassword} onClose={() => setChangingPassword(false)} />
      <HStack gap="2">
        <Text display={{ base: 'none', lg: 'block' }} data-testid="current-user">
          {fullName(me) || me.username}
        </Text>
        <Button size="sm" variant="ghost" color="white" onClick={logout} _hover={{ bg: 'blue.600' }} focusRingColor="white">
          <LogOut size={16} aria-hidden />
          {/* On a tablet the header is narrow: the icon says it, the word is for screen readers. */}
          <Text as="span" srOnly={{ base: true, lg: false }}>
            Выход
          </Text>
        </Button>
      </HStack>
    </Flex>
  )
}
