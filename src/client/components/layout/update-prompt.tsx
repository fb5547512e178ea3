import { useEffect, useState } from 'react'
import { Button, HStack, Text } from '@chakra-ui/react'
import { T } from '../../../shared/texts'
import { onServiceWorkerUpdate } from '../../app/service-worker'

/** A new version waits until the user chooses to reload, so that no edit is interrupted. */
export function UpdatePrompt() {
  const [apply, setApply] = useState<(() => Promise<void>) | null>(null)
  useEffect(() => onServiceWorkerUpdate((next) => setApply(() => next)), [])
  if (!apply) return null
  return (
    <HStack role="status" position="fixed" bottom="4" right="4" bg="bg" borderWidth="1px" borderRadius="md" shadow="lg" p="3" gap="3" zIndex="toast">
      <Text>{T.updateAvailable}</Text>
      <Button size="sm" colorPalette="blue" onClick={() => void apply()}>
        {T.updateApply}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setApply(null)}>
        {T.updateLater}
      </Button>
    </HStack>
  )
}
