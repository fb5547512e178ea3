import { Button, HStack, Stack, Table, Text } from '@chakra-ui/react'
import { T } from '../../../../shared/texts'
import type { OutboxEntry } from '../../../offline'
import { changedFields, fieldText, FIELD_LABELS, localRow } from '../api/outbox'

type Props = { entry: OutboxEntry; busy: boolean; onKeepMine: () => void; onTakeTheirs: () => void }

/** My version next to the server's, field by field (the fields this edit changed), and the two ways out. */
export function ConflictView({ entry, busy, onKeepMine, onTakeTheirs }: Props) {
  const mine = localRow(entry)
  const theirs = entry.serverRow as Record<string, unknown> | null
  return (
    <Stack gap="3">
      <Text color="fg.muted">{T.outboxConflictHint}</Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0}>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Поле</Table.ColumnHeader>
              <Table.ColumnHeader>Было</Table.ColumnHeader>
              <Table.ColumnHeader>Мои изменения</Table.ColumnHeader>
              <Table.ColumnHeader>На сервере</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {changedFields(entry).map((field) => {
              const differs = fieldText(mine, field) !== fieldText(theirs, field)
              return (
                <Table.Row key={field}>
                  <Table.Cell fontWeight="medium">{FIELD_LABELS[entry.entity][field]}</Table.Cell>
                  <Table.Cell color="fg.muted">{fieldText(entry.base as Record<string, unknown> | null, field)}</Table.Cell>
                  <Table.Cell bg={differs ? 'blue.subtle' : undefined}>{fieldText(mine, field)}</Table.Cell>
                  <Table.Cell bg={differs ? 'orange.subtle' : undefined}>{fieldText(theirs, field)}</Table.Cell>
                </Table.Row>
              )
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <HStack gap="2" wrap="wrap">
        <Button size="sm" colorPalette="blue" loading={busy} onClick={onKeepMine}>
          {T.outboxKeepMine}
        </Button>
        <Button size="sm" variant="outline" loading={busy} onClick={onTakeTheirs}>
          {T.outboxTakeTheirs}
        </Button>
      </HStack>
    </Stack>
  )
}
