import { useState } from 'react'
import { Button, IconButton } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { KeyRound, Pencil, Plus, Trash2 } from 'lucide-react'
import type { User } from '../../../shared/schemas/users'
import { DELETE_REFRESH_DELAY_MS } from '../../../shared/constants'
import { T } from '../../../shared/texts'
import { listSearch } from '../../lib/list-search'
import { DataTable } from '../../components/ui/data-table'
import { PageHeader } from '../../components/ui/page-header'
import { SearchInput } from '../../components/ui/search-input'
import { useConfirm } from '../../components/ui/confirm-dialog'
import { notify } from '../../components/ui/notify'
import { useCan } from '../../features/auth/api/auth'
import { deleteUser, userKeys, usersQueryOptions } from '../../features/users/api/users'
import { PasswordDialog, UserCreateDialog, UserEditDialog } from '../../features/users/components/user-dialogs'

export const Route = createFileRoute('/_app/users')({
  validateSearch: listSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(usersQueryOptions(deps)),
  component: UsersPage,
})

function UsersPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { data, isFetching } = useQuery(usersQueryOptions(search))
  const queryClient = useQueryClient()
  const can = useCan()
  const confirm = useConfirm()
  const [creating, setCreating] = useState(false)
  const [editing, setEditing] = useState<User | null>(null)
  const [changingPassword, setChangingPassword] = useState<User | null>(null)
  const refresh = () => queryClient.invalidateQueries({ queryKey: userKeys.all })
  const setSearch = (patch: Partial<typeof search>) => navigate({ search: (prev) => ({ ...prev, ...patch }) })

  const remove = async (user: User) => {
    if (!(await confirm({ message: T.confirmDeleteUser, confirmLabel: 'Удалить' }))) return
    try {
      await deleteUser(user.user_id)
      notify.success(T.deleted)
      // The spec refreshes the list a second after a delete.
      setTimeout(() => void refresh(), DELETE_REFRESH_DELAY_MS)
    } catch (error) {
      notify.error(error)
    }
  }

  return (
    <>
      <PageHeader
        title="Пользователи"
        actions={
          <>
            <SearchInput value={search.search} onChange={(text) => setSearch({ search: text, page: 1 })} />
            {can('users.manage') && (
              <Button colorPalette="blue" onClick={() => setCreating(true)}>
                <Plus size={16} aria-hidden /> Добавить
              </Button>
            )}
          </>
        }
      />
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
        total={data?.count ?? 0}
        page={search.page}
        perPage={search.per_page}
        onPageChange={(page) => setSearch({ page })}
        onPerPageChange={(per_page) => setSearch({ per_page, page: 1 })}
        ordering={search.ordering}
        onOrderingChange={(ordering) => setSearch({ ordering })}
        loading={isFetching}
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
      <PasswordDialog key={`password-${changingPassword?.user_id}`} user={changingPassword} onClose={() => setChangingPassword(null)} onDone={() => notify.success('Пароль изменён')} />
    </>
  )
}
