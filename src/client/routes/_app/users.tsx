import { useState } from 'react'
import { IconButton } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { KeyRound, Pencil, Trash2 } from 'lucide-react'
import type { User } from '../../../shared/schemas/users'
import { T } from '../../../shared/texts'
import { listSearch } from '../../lib/list-search'
import { DataTable, listPaging } from '../../components/ui/data-table'
import { ListHeader } from '../../components/ui/list-header'
import { useConfirmedDelete } from '../../components/ui/use-confirmed-delete'
import { notify } from '../../components/ui/notify'
import { meQueryOptions, useCan } from '../../lib/auth'
import { deleteUser, userKeys, usersQueryOptions } from '../../features/users/api/users'
import { OwnPasswordDialog } from '../../features/users/components/own-password-dialog'
import { PasswordResetDialog, UserCreateDialog, UserEditDialog } from '../../features/users/components/user-dialogs'

export const Route = createFileRoute('/_app/users')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(usersQueryOptions(deps)),
  component: UsersPage,
})

function UsersPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const list = useQuery(usersQueryOptions(search))
  const { data } = list
  const queryClient = useQueryClient()
  const can = useCan()
  const { data: me } = useQuery(meQueryOptions())
  const [creating, setCreating] = useState(false)
  const [editing, setEditing] = useState<User | null>(null)
  const [changingPassword, setChangingPassword] = useState<User | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.all })
  const setSearch = (patch: Partial<typeof search>) => navigate({ search: (prev) => ({ ...prev, ...patch }) })

  const remove = useConfirmedDelete({ message: T.confirmDeleteUser, remove: (user: User) => deleteUser(user.user_id), onDeleted: refresh })

  return (
    <>
      <ListHeader title="Пользователи" search={search.search} onSearch={(text) => setSearch({ search: text, page: 1 })} onAdd={can('users.manage') ? () => setCreating(true) : undefined} />
      <DataTable
        label="Пользователи"
        columns={[
          { key: 'username', header: 'Логин', sort: 'username' },
          { key: 'first_name', header: 'Имя', sort: 'first_name' },
          { key: 'last_name', header: 'Фамилия', sort: 'last_name' },
          { key: 'email', header: 'E-mail', hideBelow: 'md' },
        ]}
        rows={data?.results ?? []}
        rowKey={(u) => u.user_id}
        {...listPaging(search, setSearch, list)}
        actions={
          can('users.manage')
            ? (user) => (
                <>
                  <IconButton size="sm" variant="ghost" aria-label={`Изменить ${user.username}`} onClick={() => setEditing(user)}>
                    <Pencil />
                  </IconButton>
                  <IconButton size="sm" variant="ghost" aria-label={`Сменить пароль ${user.username}`} onClick={() => setChangingPassword(user)}>
                    <KeyRound />
                  </IconButton>
                  <IconButton size="sm" variant="ghost" colorPalette="red" aria-label={`Удалить ${user.username}`} onClick={() => void remove(user)}>
                    <Trash2 />
                  </IconButton>
                </>
              )
            : undefined
        }
      />
      <UserCreateDialog open={creating} onClose={() => setCreating(false)} onDone={() => { notify.success(T.userAdded); void refresh() }} />
      <UserEditDialog key={`edit-${editing?.user_id}`} user={editing} onClose={() => setEditing(null)} onDone={() => { notify.success(T.saved); void refresh() }} />
      {/* One's own row asks the current password like the header's dialog; another user's is set without it. */}
      <OwnPasswordDialog open={changingPassword !== null && changingPassword.user_id === me?.user_id} onClose={() => setChangingPassword(null)} />
      <PasswordResetDialog
        key={`password-${changingPassword?.user_id}`}
        user={changingPassword !== null && changingPassword.user_id !== me?.user_id ? changingPassword : null}
        onClose={() => setChangingPassword(null)}
        onDone={() => notify.success(T.passwordChanged)}
      />
    </>
  )
}
