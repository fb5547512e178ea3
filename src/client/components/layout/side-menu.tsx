import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { useCan } from '../../lib/auth'
import { MENU, type MenuBadge } from './menu'
import { RepresentTree } from '../../features/represents/components/represent-tree'

function MenuBadges({ useBadges }: { useBadges: () => MenuBadge[] }) {
  const badges = useBadges().filter((b) => b.value > 0)
  return (
    <HStack gap="1" ms="auto">
      {badges.map((b) => (
        <Badge key={b.label} colorPalette={b.colorPalette} variant="solid" borderRadius="full" aria-label={`${b.label}: ${b.value}`} title={b.label}>
          {b.value}
        </Badge>
      ))}
    </HStack>
  )
}

export function SideMenu() {
  const can = useCan()
  return (
    <Stack gap="4" py="3">
      {can('represents.view') && <RepresentTree canChange={can('represents.change')} />}
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
                  <HStack
                    px="4"
                    py="2"
                    minH="10"
                    gap="3"
                    bg={isActive ? 'blue.subtle' : undefined}
                    color={isActive ? 'blue.fg' : undefined}
                    _hover={{ bg: 'bg.muted' }}
                  >
                    <item.icon size={18} aria-hidden />
                    <Text>{item.label}</Text>
                    {item.useBadges && <MenuBadges useBadges={item.useBadges} />}
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
