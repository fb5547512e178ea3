import { useState, type FormEvent } from 'react'
import { Button, HStack, SimpleGrid, Stack } from '@chakra-ui/react'
import { T } from '../../../../shared/texts'
import { TextField } from '../../../components/ui/fields'
import { FIELD_LABELS, type OutboxEntry } from '../../../offline'
import { correctedPatch, editableFields, fieldText, localRow } from '../api/outbox'

type Props = { entry: OutboxEntry; busy: boolean; onResend: (patch: OutboxEntry['patch']) => void; onDiscard: () => void }

/** A rejected edit: its fields, editable, with the server's messages on them; send again or give it up. */
export function RejectedForm({ entry, busy, onResend, onDiscard }: Props) {
  const fields = editableFields(entry)
  const [values, setValues] = useState<Record<string, string>>(() => {
    const row = localRow(entry)
    return Object.fromEntries(fields.map((field) => [field, row[field] == null ? '' : String(row[field])]))
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const serverErrors = entry.lastError?.fields ?? {}

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = correctedPatch(entry, values)
    if ('errors' in result) setErrors(result.errors)
    else onResend(result.patch)
  }

  return (
    <Stack as="form" gap="3" onSubmit={submit}>
      {fields.length > 0 && (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          {fields.map((field) => (
            <TextField
              key={field}
              label={FIELD_LABELS[entry.entity][field]!}
              value={values[field]}
              onChange={(value) => {
                setValues((current) => ({ ...current, [field]: value }))
                setErrors((current) => ({ ...current, [field]: '' }))
              }}
              error={errors[field] || serverErrors[field]?.[0]}
            />
          ))}
        </SimpleGrid>
      )}
      {'customer_id' in entry.patch && (
        <TextField
          label={FIELD_LABELS[entry.entity].customer_id!}
          value={fieldText(localRow(entry), 'customer_id')}
          onChange={() => {}}
          disabled
          error={serverErrors.customer_id?.[0]}
        />
      )}
      <HStack gap="2" wrap="wrap">
        <Button type="submit" size="sm" colorPalette="blue" loading={busy}>
          {T.outboxResend}
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" loading={busy} onClick={onDiscard}>
          {T.outboxDiscard}
        </Button>
      </HStack>
    </Stack>
  )
}
