import { Button, Center, Heading, Stack } from '@chakra-ui/react'
import { Link } from '@tanstack/react-router'
import { T } from '../../../shared/texts'
import { ChakraRoot } from '../../app/chakra-root'

export default function NotFoundPage() {
  return (
    <ChakraRoot>
      <Center minH="60vh" p="6">
        <Stack align="center" gap="4">
          <Heading size="2xl">{T.notFoundPage}</Heading>
          <Button asChild variant="outline">
            <Link to="/">На главную</Link>
          </Button>
        </Stack>
      </Center>
    </ChakraRoot>
  )
}
