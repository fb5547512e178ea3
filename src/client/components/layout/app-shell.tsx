import { lazy, Suspense, useState } from 'react'
import { Box, CloseButton, Drawer, Flex, Portal } from '@chakra-ui/react'
import { Outlet, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Header } from './header'
import { SideMenu } from './side-menu'
import { CONTENT_ID, SkipLink } from './skip-link'
import { RightGate } from './right-gate'
import { UpdatePrompt } from './update-prompt'
import { ConfirmProvider } from '../ui/confirm-dialog'
import { useAfterFirstPaint } from '../ui/use-after-first-paint'
import { ChakraRoot } from '../../app/chakra-root'

// Banners and confirmations belong to the signed-in console: the login page does not load them.
const Toaster = lazy(() => import('../ui/toaster'))

const SIDEBAR_WIDTH = '280px'

/** Header on top; the side menu stays open from 1280 px and slides in below, where a list needs the room. */
export function AppShell() {
  const [menuOpen, setMenuOpen] = useState(false)
  const pathname = useRouterState({ select: (s) => s.location.pathname })
  useEffect(() => setMenuOpen(false), [pathname])
  // The sidebar's menu (the tree of objects and some twenty entries) follows the screen's first paint.
  const menuReady = useAfterFirstPaint()

  return (
    <ChakraRoot>
      <ConfirmProvider>
        <Flex direction="column" minH="100vh">
          <SkipLink />
          <Header onMenu={() => setMenuOpen(true)} />
          <Flex flex="1" minH="0">
            <Box
              as="nav"
              aria-label="Главное меню"
              display={{ base: 'none', xl: 'block' }}
              width={SIDEBAR_WIDTH}
              flexShrink={0}
              borderRightWidth="1px"
              bg="bg"
              overflowY="auto"
              maxH="calc(100vh - 56px)"
              position="sticky"
              top="56px"
            >
              {menuReady && <SideMenu />}
            </Box>
            <Drawer.Root open={menuOpen} onOpenChange={(e) => setMenuOpen(e.open)} placement="start">
              <Portal>
                <Drawer.Backdrop />
                <Drawer.Positioner>
                  <Drawer.Content maxW={SIDEBAR_WIDTH}>
                    <Drawer.Header>
                      <Drawer.Title>Меню</Drawer.Title>
                    </Drawer.Header>
                    <Drawer.Body p="0" as="nav" aria-label="Главное меню">
                      <SideMenu />
                    </Drawer.Body>
                    <Drawer.CloseTrigger asChild>
                      <CloseButton size="sm" aria-label="Закрыть меню" />
                    </Drawer.CloseTrigger>
                  </Drawer.Content>
                </Drawer.Positioner>
              </Portal>
            </Drawer.Root>
            <Box as="main" id={CONTENT_ID} tabIndex={-1} outline="none" flex="1" minW="0" p={{ base: '3', md: '5' }}>
              <RightGate>
                <Outlet />
              </RightGate>
            </Box>
          </Flex>
          <UpdatePrompt />
          <Suspense>
            <Toaster />
          </Suspense>
        </Flex>
      </ConfirmProvider>
    </ChakraRoot>
  )
}
