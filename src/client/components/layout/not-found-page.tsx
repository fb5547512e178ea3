import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { T } from '../../../shared/texts'
import { ChakraRoot } from '../../app/chakra-root'

export default function NotFoundPage() {
  return (
    <ChakraRoot>
      <Center minH="60vh" p="6">
        <Stack align="center" gap="4">
          <Heading size="2xl">{T.notFoundPage}</Heading>
          <Text color="fg.muted" textAlign="center">
            {T.notFoundPageHint}
          </Text>
          <Button asChild variant="outline">
            <Link to="/">{T.toHome}</Link>
          </Button>
        </Stack>
      </Center>
    </ChakraRoot>
  )
}
