import { useState } from 'react'
import { Button, HStack, Stack, Table, Text } from '@chakra-ui/react'
import { T } from '../../../../shared/texts'
import { changesElsewhere, conflictFields, FIELD_LABELS, type ConflictField, type OutboxEntry } from '../../../offline'
import { fieldText, localRow } from '../api/outbox'

type Side = 'mine' | 'theirs'
type Props = { entry: OutboxEntry; busy: boolean; onKeepMine: () => void; onTakeTheirs: () => void; onMerge: (fromMine: string[]) => void }

const changeMark = ({ changedHere, changedThere }: ConflictField): string =>
  changedHere && changedThere ? T.outboxChangedBoth : changedHere ? T.outboxChangedHere : T.outboxChangedThere

/**
 * Every field that differs between the version the edit was made on, the device and the server, with where it
 * was changed. Changes of different fields merge in one click; a field both sides changed is chosen here.
 */
export function ConflictView({ entry, busy, onKeepMine, onTakeTheirs, onMerge }: Props) {
  const fields = conflictFields(entry)
  const [choice, setChoice] = useState<Record<string, Side>>({})
  const clashes = fields.filter((field) => field.clash)
  const chosenAll = clashes.every((field) => choice[field.field])
  const fromMine = fields.filter((field) => (field.clash ? choice[field.field] === 'mine' : field.changedHere)).map((field) => field.field)
  const rows = { base: entry.base as Record<string, unknown> | null, mine: localRow(entry), theirs: entry.serverRow as Record<string, unknown> | null }
  const labels = FIELD_LABELS[entry.entity]

  return (
    <Stack gap="3">
      <Text color="fg.muted">
        {T.outboxConflictHint}.{' '}
        {clashes.length > 0
          ? T.outboxConflictChoose
          : fields.some((field) => field.changedThere)
            ? T.outboxConflictDisjoint
            : T.outboxChangedElsewhere(changesElsewhere(entry))}
        .
      </Text>
      <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0}>
        {/* Values wrap in columns of their own share, so both sides of a long remark can be read and chosen on a tablet. */}
        <Table.Root size="sm" tableLayout="fixed" css={{ '& th, & td': { whiteSpace: 'normal', overflowWrap: 'anywhere' } }}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Поле</Table.ColumnHeader>
              <Table.ColumnHeader>Было</Table.ColumnHeader>
              <Table.ColumnHeader>На устройстве</Table.ColumnHeader>
              <Table.ColumnHeader>На сервере</Table.ColumnHeader>
              <Table.ColumnHeader>Где изменено</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {fields.map((field) => (
              <Table.Row key={field.field} aria-label={labels[field.field]}>
                <Table.Cell fontWeight="medium">{labels[field.field]}</Table.Cell>
                <Table.Cell color="fg.muted">{fieldText(rows.base, field.field)}</Table.Cell>
                <Table.Cell bg={field.changedHere ? 'blue.subtle' : undefined}>
                  <SideValue group={entry.seq!} field={field} side="mine" text={fieldText(rows.mine, field.field)} choice={choice} onChoose={setChoice} />
                </Table.Cell>
                <Table.Cell bg={field.changedThere ? 'orange.subtle' : undefined}>
                  <SideValue group={entry.seq!} field={field} side="theirs" text={fieldText(rows.theirs, field.field)} choice={choice} onChoose={setChoice} />
                </Table.Cell>
                <Table.Cell>{changeMark(field)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <HStack gap="2" wrap="wrap">
        {clashes.length === 0 ? (
          <Button size="sm" colorPalette="blue" loading={busy} onClick={() => onMerge(fromMine)}>
            {T.outboxMerge}
          </Button>
        ) : (
          <Button size="sm" colorPalette="blue" loading={busy} disabled={!chosenAll} onClick={() => onMerge(fromMine)}>
            {T.outboxApplyChoice}
          </Button>
        )}
        <Button size="sm" variant="outline" loading={busy} onClick={onKeepMine}>
          {T.outboxKeepMine}
        </Button>
        <Button size="sm" variant="outline" loading={busy} onClick={onTakeTheirs}>
          {T.outboxTakeTheirs}
        </Button>
      </HStack>
    </Stack>
  )
}

type SideProps = {
  group: number
  field: ConflictField
  side: Side
  text: string
  choice: Record<string, Side>
  onChoose: (update: (current: Record<string, Side>) => Record<string, Side>) => void
}

/** A value of one side; where both sides changed the field, a radio button picks it. */
function SideValue({ group, field, side, text, choice, onChoose }: SideProps) {
  if (!field.clash) return text
  return (
    <label style={{ display: 'flex', gap: '0.5rem', alignItems: 'center', cursor: 'pointer' }}>
      <input
        type="radio"
        name={`conflict-${group}-${field.field}`}
        checked={choice[field.field] === side}
        aria-label={`${side === 'mine' ? T.outboxChooseMine : T.outboxChooseTheirs}: ${text}`}
        onChange={() => onChoose((current) => ({ ...current, [field.field]: side }))}
      />
      {text}
    </label>
  )
}
