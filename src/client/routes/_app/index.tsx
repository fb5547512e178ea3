import { Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { createFileRoute, Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { meQueryOptions, useCan } from '../../lib/auth'
import { MENU } from '../../components/layout/menu'

export const Route = createFileRoute('/_app/')({
  component: HomePage,
})

function HomePage() {
  const { data: me } = useSuspenseQuery(meQueryOptions())
  const can = useCan()
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        Здравствуйте, {me.first_name || me.username}
      </Heading>
      {MENU.map((section) => {
        const items = section.items.filter((item) => !item.permission || can(item.permission))
        if (items.length === 0) return null
        return (
          <Stack key={section.title} gap="3">
            <Heading as="h2" size="md">
              {section.title}
            </Heading>
            <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="3">
              {items.map((item) => (
                <Card.Root key={item.to} asChild variant="outline" _hover={{ borderColor: 'blue.500' }}>
                  <Link to={item.to}>
                    <Card.Body gap="1" flexDirection="row" alignItems="center">
                      <item.icon size={20} aria-hidden />
                      <Text fontWeight="medium">{item.label}</Text>
                    </Card.Body>
                  </Link>
                </Card.Root>
              ))}
            </SimpleGrid>
          </Stack>
        )
      })}
    </Stack>
  )
}
