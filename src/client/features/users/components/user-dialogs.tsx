import { useQuery } from '@tanstack/react-query'
import { passwordResetForm, userCreateForm, userEditForm, type User } from '../../../../shared/schemas/users'
import { TextField } from '../../../components/ui/fields'
import { FormDialog } from '../../../components/ui/form-dialog'
import { CheckboxList } from '../../../components/ui/checkbox-list'
import { useForm } from '../../../components/ui/use-form'
import { groupsForSelectionQueryOptions } from '../../groups/api/groups'
import { createUser, updateUser } from '../api/users'

function useGroupOptions() {
  const { data } = useQuery(groupsForSelectionQueryOptions())
  return (data?.results ?? []).map((g) => ({ value: g.permissions_group_id, label: g.name }))
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
  const groups = useGroupOptions()
  const close = () => {
    form.reset(emptyUser)
    onClose()
  }
  const onSubmit = form.submit(async ({ password2: _, ...body }) => {
    await createUser(body)
    close()
    onDone()
  })
  return (
    <FormDialog open={open} onClose={close} title="Новый пользователь" onSubmit={onSubmit} submitting={form.submitting} submitLabel="Добавить">
      <TextField label="Логин" required {...form.field('username')} autoComplete="off" />
      <TextField label="Имя" required {...form.field('first_name')} />
      <TextField label="Фамилия" required {...form.field('last_name')} />
      <TextField label="E-mail" type="email" {...form.field('email')} />
      <NewPasswordFields form={form} label="Пароль" />
      <CheckboxList legend="Группы" options={groups} value={form.values.groups} onChange={(v) => form.set('groups', v)} emptyText="Групп пока нет" />
    </FormDialog>
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
  const groups = useGroupOptions()
  const onSubmit = form.submit(async (body) => {
    await updateUser(user!.user_id, body)
    onClose()
    onDone()
  })
  return (
    <FormDialog open={user !== null} onClose={onClose} title="Редактирование пользователя" onSubmit={onSubmit} submitting={form.submitting}>
      <TextField label="Логин" required {...form.field('username')} />
      <TextField label="Имя" required {...form.field('first_name')} />
      <TextField label="Фамилия" required {...form.field('last_name')} />
      <TextField label="E-mail" type="email" required {...form.field('email')} />
      <CheckboxList legend="Группы" options={groups} value={form.values.groups} onChange={(v) => form.set('groups', v)} emptyText="Групп пока нет" />
    </FormDialog>
  )
}

/** An administrator sets another user's password without knowing it; that user's sessions end. */
export function PasswordResetDialog({ user, onClose, onDone }: { user: User | null; onClose: () => void; onDone: () => void }) {
  const form = useForm(passwordResetForm, { password: '', password2: '' })
  const onSubmit = form.submit(async ({ password }) => {
    await updateUser(user!.user_id, { password })
    onClose()
    onDone()
  })
  return (
    <FormDialog open={user !== null} onClose={onClose} title={`Смена пароля: ${user?.username ?? ''}`} onSubmit={onSubmit} submitting={form.submitting}>
      <NewPasswordFields form={form} />
    </FormDialog>
  )
}
