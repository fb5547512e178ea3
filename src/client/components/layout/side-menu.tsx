import { Box, HStack, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useCan } from '../../features/auth/api/auth'
import { MENU } from './menu'

export function SideMenu() {
  const can = useCan()
  return (
    <Stack gap="4" py="3">
      {MENU.map((section) => {
        const items = section.items.filter((item) => !item.permission || can(item.permission))
        if (items.length === 0) return null
        return (
          <Box key={section.title}>
            <Text px="4" pb="1" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
              {section.title}
            </Text>
            {items.map((item) => (
              <Link key={item.to} to={item.to} activeProps={{ 'aria-current': 'page' }}>
                {({ isActive }) => (
                  <HStack px="4" py="2" minH="10" gap="3" bg={isActive ? 'blue.subtle' : undefined} color={isActive ? 'blue.fg' : undefined} _hover={{ bg: 'bg.muted' }}>
                    <item.icon size={18} aria-hidden />
                    <Text>{item.label}</Text>
                  </HStack>
                )}
              </Link>
            ))}
          </Box>
        )
      })}
    </Stack>
  )
}
