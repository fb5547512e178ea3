import { useState } from 'react'
import { Badge, IconButton, Wrap } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Pencil, Trash2 } from 'lucide-react'
import * as v from 'valibot'
import type { Group } from '../../../shared/schemas/groups'
import { GROUP_PAGE_SIZE_OPTIONS } from '../../../shared/constants'
import { T } from '../../../shared/texts'
import { listSearchEntries } from '../../lib/list-search'
import { DataTable, listPaging } from '../../components/ui/data-table'
import { ListHeader } from '../../components/ui/list-header'
import { useConfirmedDelete } from '../../components/ui/use-confirmed-delete'
import { notify } from '../../components/ui/notify'
import { useCan } from '../../lib/auth'
import { deleteGroup, groupKeys, groupsQueryOptions } from '../../features/groups/api/groups'
import { GroupDialog } from '../../features/groups/components/group-dialog'

export const Route = createFileRoute('/_app/permissions-groups')({
  validateSearch: v.object(listSearchEntries),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(groupsQueryOptions(deps)),
  component: GroupsPage,
})

const PREVIEW = 4

function GroupsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const list = useQuery(groupsQueryOptions(search))
  const { data } = list
  const queryClient = useQueryClient()
  const can = useCan()
  const [dialog, setDialog] = useState<{ group: Group | null } | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: groupKeys.all })
  const setSearch = (patch: Partial<typeof search>) => navigate({ search: (prev) => ({ ...prev, ...patch }) })

  const remove = useConfirmedDelete({ message: T.confirmDeleteGroup, remove: (group: Group) => deleteGroup(group.permissions_group_id), onDeleted: refresh })

  return (
    <>
      <ListHeader title="Группы прав" search={search.search} onSearch={(text) => setSearch({ search: text, page: 1 })} onAdd={can('groups.manage') ? () => setDialog({ group: null }) : undefined} />
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
        rows={data?.results ?? []}
        rowKey={(g) => g.permissions_group_id}
        {...listPaging(search, setSearch, list)}
        perPageOptions={GROUP_PAGE_SIZE_OPTIONS}
        actions={
          can('groups.manage')
            ? (group) => (
                <>
                  <IconButton size="sm" variant="ghost" aria-label={`Изменить ${group.name}`} onClick={() => setDialog({ group })}>
                    <Pencil />
                  </IconButton>
                  <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Удалить ${group.name}`} onClick={() => void remove(group)}>
                    <Trash2 />
                  </IconButton>
                </>
              )
            : undefined
        }
      />
      {dialog && (
        <GroupDialog
          key={dialog.group?.permissions_group_id ?? 'new'}
          open
          group={dialog.group}
          onClose={() => setDialog(null)}
          onDone={(created) => {
            notify.success(created ? T.groupAdded : T.saved)
            void refresh()
          }}
        />
      )}
    </>
  )
}
