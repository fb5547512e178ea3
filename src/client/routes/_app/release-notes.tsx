import { Card, Heading, Stack, Text } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { RELEASE_VERSIONS } from '../../../shared/app-info'

export const Route = createFileRoute('/_app/release-notes')({
  component: ReleaseNotes,
})

/** The spec lists the versions only; their texts are not part of it. */
function ReleaseNotes() {
  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        Список изменений
      </Heading>
      {RELEASE_VERSIONS.map((version, index) => (
        <Card.Root key={version} variant="outline">
          <Card.Body>
            <Heading as="h2" size="md">
              Версия {version}
            </Heading>
            {index === 0 && <Text color="fg.muted">Текущая версия</Text>}
          </Card.Body>
        </Card.Root>
      ))}
    </Stack>
  )
}
