import { Badge, Box, Dialog, HStack, Stack, Table, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import type { AuditEntry } from '../../../../shared/schemas/audit'
import { T } from '../../../../shared/texts'
import { Modal } from '../../../components/ui/modal'
import { useCan } from '../../../lib/auth'
import { groupsForSelectionQueryOptions } from '../../groups/api/groups'
import { formatDateTime } from '../../../lib/format'
import { actionName, authorName, entityName, fieldChanges, fieldName } from './audit-text'

/** One entry of the audit trail: who, when, what, and its fields before → after, the changed ones highlighted. */
export function AuditEntryDialog({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const can = useCan()
  // A user's entry names the user's groups, when the reader may see them.
  const groups = useQuery({ ...groupsForSelectionQueryOptions(), enabled: entry?.entity === 'user' && can('groups.view') })
  const groupName = (id: number) => groups.data?.results.find((g) => g.permissions_group_id === id)?.name
  const changes = entry ? fieldChanges(entry.before, entry.after, groupName) : []
  const showBefore = entry?.before != null
  const showAfter = entry?.after != null
  const changedCount = changes.filter((c) => c.changed).length
  return (
    <Modal open={entry !== null} onClose={onClose} width="800px">
      {entry && (
        <>
          <Dialog.Header>
            <Dialog.Title>
              {actionName(entry.action)}: {entityName(entry.entity)} №{entry.entity_id}
            </Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <Stack gap="3">
              <Box as="dl" display="grid" gridTemplateColumns="max-content 1fr" columnGap="4" rowGap="1" fontSize="sm">
                <Text as="dt" color="fg.muted">
                  Время
                </Text>
                <Text as="dd">{formatDateTime(entry.created_at)}</Text>
                <Text as="dt" color="fg.muted">
                  Пользователь
                </Text>
                <Text as="dd">{authorName(entry)}</Text>
                {entry.remark && (
                  <>
                    <Text as="dt" color="fg.muted">
                      Комментарий
                    </Text>
                    <Text as="dd">{entry.remark}</Text>
                  </>
                )}
                {showBefore && showAfter && (
                  <>
                    <Text as="dt" color="fg.muted">
                      Изменено полей
                    </Text>
                    <Text as="dd">{changedCount}</Text>
                  </>
                )}
              </Box>
              {changes.length === 0 ? (
                <Text color="fg.muted">{T.auditNoFields}</Text>
              ) : (
                <Table.Root size="sm" aria-label="Поля записи" css={{ '& td, & th': { overflowWrap: 'anywhere', verticalAlign: 'top' } }}>
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeader width="30%">Поле</Table.ColumnHeader>
                      {showBefore && <Table.ColumnHeader>Было</Table.ColumnHeader>}
                      {showAfter && <Table.ColumnHeader>Стало</Table.ColumnHeader>}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {changes.map((change) => (
                      <Table.Row key={change.field} data-changed={change.changed ? '' : undefined} bg={change.changed ? 'yellow.subtle' : undefined}>
                        <Table.Cell>
                          <HStack gap="2" wrap="wrap">
                            <Text title={change.field}>{fieldName(change.field)}</Text>
                            {change.changed && (
                              <Badge colorPalette="yellow" variant="solid" size="sm">
                                {T.auditChanged}
                              </Badge>
                            )}
                          </HStack>
                        </Table.Cell>
                        {showBefore && (
                          <Table.Cell color={change.changed ? 'fg.muted' : undefined} textDecoration={change.changed ? 'line-through' : undefined}>
                            {change.before}
                          </Table.Cell>
                        )}
                        {showAfter && <Table.Cell fontWeight={change.changed ? 'semibold' : undefined}>{change.after}</Table.Cell>}
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              )}
            </Stack>
          </Dialog.Body>
        </>
      )}
    </Modal>
  )
}
