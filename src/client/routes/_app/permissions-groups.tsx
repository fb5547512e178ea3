import { useState } from 'react'
import { Badge, Wrap } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import type { Group } from '../../../shared/schemas/groups'
import { GROUP_PAGE_SIZE_OPTIONS } from '../../../shared/constants'
import { T } from '../../../shared/texts'
import { listSearch } from '../../lib/list-search'
import { DataTable } from '../../components/ui/data-table'
import { ListHeader } from '../../components/ui/list-header'
import { useListScreen } from '../../components/ui/list-screen'
import { listLoader, listRoute } from '../../lib/list-route'
import { DeleteAction, EditAction } from '../../components/ui/row-actions'
import { useConfirmedDelete } from '../../components/ui/use-confirmed-write'
import { useCan } from '../../lib/auth'
import { groupsQueryOptions, useDeleteGroup } from '../../features/groups/api/groups'
import { GroupDialog } from '../../features/groups/components/group-dialog'

export const Route = createFileRoute('/_app/permissions-groups')({
  ...listRoute(listSearch),
  loader: listLoader(groupsQueryOptions),
  component: GroupsPage,
})

const PREVIEW = 4

function GroupsPage() {
  const list = useListScreen(Route, groupsQueryOptions)
  const can = useCan()
  const [dialog, setDialog] = useState<{ group: Group | null } | null>(null)
  const remove = useConfirmedDelete(useDeleteGroup(), T.deleteWhat.group, (g) => g.name, T.confirmDeleteGroup)

  return (
    <>
      <ListHeader title="Группы прав" {...list.header} onAdd={can('groups.manage') ? () => setDialog({ group: null }) : undefined} />
      <DataTable
        label="Группы прав"
        columns={[
          { key: 'name', header: 'Название', sort: 'name' },
          {
            key: 'permissions',
            header: 'Права',
            hideBelow: 'md',
            render: (g) => (
              <Wrap gap="1">
                {g.permissions.slice(0, PREVIEW).map((p) => (
                  <Badge key={p.permission_id} variant="subtle">
                    {p.name}
                  </Badge>
                ))}
                {g.permissions.length > PREVIEW && <Badge variant="outline">ещё {g.permissions.length - PREVIEW}</Badge>}
              </Wrap>
            ),
          },
        ]}
        rowKey={(g) => g.permissions_group_id}
        {...list.table}
        perPageOptions={GROUP_PAGE_SIZE_OPTIONS}
        actions={
          can('groups.manage')
            ? (group) => (
                <>
                  <EditAction name={group.name} onClick={() => setDialog({ group })} />
                  <DeleteAction name={group.name} onClick={() => remove(group)} />
                </>
              )
            : undefined
        }
      />
      {dialog && (
        <GroupDialog
          key={dialog.group?.permissions_group_id ?? 'new'}
          group={dialog.group}
          onClose={() => setDialog(null)}
          onDone={() => void list.refresh()}
        />
      )}
    </>
  )
}
