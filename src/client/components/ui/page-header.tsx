import type { ReactNode } from 'react'
import { Flex, Heading, HStack } from '@chakra-ui/react'

/** The title of a screen with its main actions on the right (they wrap under it on a tablet). */
export function PageHeader({ title, actions, children }: { title: ReactNode; actions?: ReactNode; children?: ReactNode }) {
  return (
    <Flex gap="3" align={{ base: 'stretch', md: 'center' }} justify="space-between" wrap="wrap" mb="4" direction={{ base: 'column', md: 'row' }}>
      <HStack gap="3">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {children}
      </HStack>
      {actions && (
        <HStack gap="2" wrap="wrap">
          {actions}
        </HStack>
      )}
    </Flex>
  )
}
