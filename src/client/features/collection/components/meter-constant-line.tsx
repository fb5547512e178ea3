import { Badge, HStack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import type { MeterConstant } from '../../../../shared/schemas/meter-constant'
import { T } from '../../../../shared/texts'
import { meterConstantQueryOptions } from '../api/meter-constant'

/** The constant in words: what the meter reports, and an override shown as such. */
function meterConstantText(constant: MeterConstant): string {
  const read = constant.read === null ? T.constantNotRead : T.constantRead(constant.read)
  return constant.configured === null ? read : `${T.constantConfigured(constant.configured)}; ${read}`
}

/** The meter's constant A on its info screen; a configured value that disagrees with the meter is flagged. */
export function MeterConstantLine({ counterId }: { counterId: number }) {
  const constant = useQuery(meterConstantQueryOptions(counterId))
  if (!constant.data) return null
  return (
    <HStack gap="2" wrap="wrap" aria-label={T.constantTitle}>
      <Text fontWeight="medium">{T.constantTitle}:</Text>
      <Text>{meterConstantText(constant.data)}</Text>
      {constant.data.mismatch && <Badge colorPalette="red">{T.constantMismatchHint}</Badge>}
    </HStack>
  )
}
