import { Checkbox, Fieldset, SimpleGrid, Text } from '@chakra-ui/react'
import { T } from '../../../shared/texts'

type CheckboxListProps<TValue extends number | string> = {
  legend: string
  options: { value: TValue; label: string }[]
  value: TValue[]
  onChange: (value: TValue[]) => void
  emptyText?: string
  error?: string
  columns?: number
}

/** A set of checkboxes for picking several items (groups of a user, permissions of a group). */
export function CheckboxList<TValue extends number | string>(props: CheckboxListProps<TValue>) {
  const toggle = (item: TValue, checked: boolean) => props.onChange(checked ? [...props.value, item] : props.value.filter((v) => v !== item))
  return (
    <Fieldset.Root invalid={Boolean(props.error)}>
      <Fieldset.Legend>{props.legend}</Fieldset.Legend>
      {props.options.length === 0 && <Text color="fg.muted">{props.emptyText ?? T.noOptions}</Text>}
      <SimpleGrid columns={{ base: 1, md: props.columns ?? 1 }} gap="2" maxH="320px" overflowY="auto">
        {props.options.map((option) => (
          <Checkbox.Root
            key={String(option.value)}
            checked={props.value.includes(option.value)}
            onCheckedChange={(e) => toggle(option.value, e.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{option.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </SimpleGrid>
      {props.error && <Fieldset.ErrorText>{props.error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  )
}
