import { useQuery } from '@tanstack/react-query'
import { passwordResetForm, userCreateForm, userEditForm, type User } from '../../../../shared/schemas/users'
import { T } from '../../../../shared/texts'
import { TextField } from '../../../components/ui/fields'
import { SaveDialog } from '../../../components/ui/form-dialog'
import { CheckboxList } from '../../../components/ui/checkbox-list'
import { useForm } from '../../../components/ui/use-form'
import { groupsForSelectionQueryOptions } from '../../groups/api/groups'
import { createUser, updateUser } from '../api/users'

/** The user's groups, chosen among those the server offers. */
function GroupsField({ value, onChange }: { value: number[]; onChange: (groups: number[]) => void }) {
  const { data } = useQuery(groupsForSelectionQueryOptions())
  const options = (data?.results ?? []).map((g) => ({ value: g.permissions_group_id, label: g.name }))
  return <CheckboxList legend="Группы" options={options} value={value} onChange={onChange} emptyText={T.noGroups} />
}

const emptyUser = { username: '', first_name: '', last_name: '', middle_name: '', email: '', password: '', password2: '', groups: [] as number[] }

/** The new password and its repetition, as every password form asks them. */
export function NewPasswordFields({ form, label = 'Новый пароль' }: { form: NewPasswordForm; label?: string }) {
  return (
    <>
      <TextField label={label} type="password" required {...form.field('password')} autoComplete="new-password" />
      <TextField label="Повторите пароль" type="password" required {...form.field('password2')} autoComplete="new-password" />
    </>
  )
}

type NewPasswordForm = {
  field: (name: 'password' | 'password2') => { value: string; onChange: (value: string) => void; error: string | undefined }
}

export function UserCreateDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const form = useForm(userCreateForm, emptyUser)
  return (
    <SaveDialog
      open={open}
      title="Новый пользователь"
      submitLabel={T.add}
      form={form}
      save={({ password2: _, ...body }) => createUser(body)}
      saved={T.userAdded}
      onClose={onClose}
      onDone={onDone}
    >
      <TextField label="Логин" required {...form.field('username')} autoComplete="off" />
      <TextField label="Имя" required {...form.field('first_name')} />
      <TextField label="Фамилия" required {...form.field('last_name')} />
      <TextField label="E-mail" type="email" {...form.field('email')} />
      <NewPasswordFields form={form} label="Пароль" />
      <GroupsField value={form.values.groups} onChange={(v) => form.set('groups', v)} />
    </SaveDialog>
  )
}

export function UserEditDialog({ user, onClose, onDone }: { user: User | null; onClose: () => void; onDone: () => void }) {
  const initial = {
    username: user?.username ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    middle_name: user?.middle_name ?? '',
    email: user?.email ?? '',
    groups: user?.groups ?? [],
  }
  const form = useForm(userEditForm, initial)
  return (
    <SaveDialog
      open={user !== null}
      title="Редактирование пользователя"
      form={form}
      save={(body) => updateUser(user!.user_id, body)}
      onClose={onClose}
      onDone={onDone}
    >
      <TextField label="Логин" required {...form.field('username')} />
      <TextField label="Имя" required {...form.field('first_name')} />
      <TextField label="Фамилия" required {...form.field('last_name')} />
      <TextField label="E-mail" type="email" required {...form.field('email')} />
      <GroupsField value={form.values.groups} onChange={(v) => form.set('groups', v)} />
    </SaveDialog>
  )
}

/** An administrator sets another user's password without knowing it; that user's sessions end. */
export function PasswordResetDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const form = useForm(passwordResetForm, { password: '', password2: '' })
  return (
    <SaveDialog
      open={user !== null}
      title={`Смена пароля: ${user?.username ?? ''}`}
      form={form}
      save={({ password }) => updateUser(user!.user_id, { password })}
      saved={T.passwordChanged}
      onClose={onClose}
    >
      <NewPasswordFields form={form} />
    </SaveDialog>
  )
}
