import { Badge, HStack, Text } from '@chakra-ui/react'

/** A line of the meter's info screen: what it tells, the fact in words, and a red flag when something is off. */
export function MeterInfoLine({ title, text, flag }: { title: string; text: string; flag: string | null }) {
  return (
    <HStack gap="2" wrap="wrap" aria-label={title}>
      <Text fontWeight="medium">{title}:</Text>
      <Text>{text}</Text>
      {flag && <Badge colorPalette="red">{flag}</Badge>}
    </HStack>
  )
}
