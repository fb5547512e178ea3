import { useState } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { KeyRound } from 'lucide-react'
import type { User } from '../../../shared/schemas/users'
import { T } from '../../../shared/texts'
import { listSearch } from '../../lib/list-search'
import { DataTable } from '../../components/ui/data-table'
import { ListHeader } from '../../components/ui/list-header'
import { useListScreen } from '../../components/ui/list-screen'
import { listLoader, listRoute } from '../../lib/list-route'
import { DeleteAction, EditAction, RowAction } from '../../components/ui/row-actions'
import { useConfirmedDelete } from '../../components/ui/use-confirmed-write'
import { meQueryOptions, useCan } from '../../lib/auth'
import { useDeleteUser, usersQueryOptions } from '../../features/users/api/users'
import { OwnPasswordDialog } from '../../features/users/components/own-password-dialog'
import { PasswordResetDialog, UserCreateDialog, UserEditDialog } from '../../features/users/components/user-dialogs'

export const Route = createFileRoute('/_app/users')({
  ...listRoute(listSearch),
  loader: listLoader(usersQueryOptions),
  component: UsersPage,
})

function UsersPage() {
  const list = useListScreen(Route, usersQueryOptions)
  const can = useCan()
  const { data: me } = useQuery(meQueryOptions())
  const [creating, setCreating] = useState(false)
  const [editing, setEditing] = useState<User | null>(null)
  const [changingPassword, setChangingPassword] = useState<User | null>(null)
  const remove = useConfirmedDelete(useDeleteUser(), T.deleteWhat.user, (u) => u.username, T.confirmDeleteUser)

  return (
    <>
      <ListHeader title="Пользователи" {...list.header} onAdd={can('users.manage') ? () => setCreating(true) : undefined} />
      <DataTable
        label="Пользователи"
        columns={[
          { key: 'username', header: 'Логин', sort: 'username' },
          { key: 'first_name', header: 'Имя', sort: 'first_name' },
          { key: 'last_name', header: 'Фамилия', sort: 'last_name' },
          { key: 'email', header: 'E-mail', hideBelow: 'md' },
        ]}
        rowKey={(u) => u.user_id}
        {...list.table}
        actions={
          can('users.manage')
            ? (user) => (
                <>
                  <EditAction name={user.username} onClick={() => setEditing(user)} />
                  <RowAction label={`Сменить пароль ${user.username}`} onClick={() => setChangingPassword(user)}>
                    <KeyRound />
                  </RowAction>
                  <DeleteAction name={user.username} onClick={() => remove(user)} />
                </>
              )
            : undefined
        }
      />
      <UserCreateDialog open={creating} onClose={() => setCreating(false)} onDone={() => void list.refresh()} />
      <UserEditDialog key={`edit-${editing?.user_id}`} user={editing} onClose={() => setEditing(null)} onDone={() => void list.refresh()} />
      {/* One's own row asks the current password like the header's dialog; another user's is set without it. */}
      <OwnPasswordDialog open={changingPassword !== null && changingPassword.user_id === me?.user_id} onClose={() => setChangingPassword(null)} />
      <PasswordResetDialog
        key={`password-${changingPassword?.user_id}`}
        user={changingPassword !== null && changingPassword.user_id !== me?.user_id ? changingPassword : null}
        onClose={() => setChangingPassword(null)}
      />
    </>
  )
}
