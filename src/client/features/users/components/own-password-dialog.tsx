import { useQuery } from '@tanstack/react-query'
import { passwordChangeForm } from '../../../../shared/schemas/users'
import { T } from '../../../../shared/texts'
import { TextField } from '../../../components/ui/fields'
import { FormDialog } from '../../../components/ui/form-dialog'
import { notify } from '../../../components/ui/notify'
import { useForm } from '../../../components/ui/use-form'
import { meQueryOptions, passwordIsRight } from '../../../lib/auth'
import { changeOwnPassword } from '../api/users'
import { NewPasswordFields } from './user-dialogs'

/** The signed-in user's own change, from the header or their row: the spec's dialog of current, new and repeated. */
export function OwnPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data: me } = useQuery(meQueryOptions())
  const initial = { current_password: '', password: '', password2: '' }
  const form = useForm(passwordChangeForm, initial)
  const close = () => {
    form.reset(initial)
    onClose()
  }
  // The spec checks the current password with a sign-in call before sending the new one.
  const onSubmit = form.submit(async ({ current_password, password }) => {
    if (!me || !(await passwordIsRight(me.username, current_password))) {
      form.setErrors({ current_password: T.wrongPassword })
      return
    }
    await changeOwnPassword(me.user_id, { password, current_password })
    notify.success(T.passwordChanged)
    close()
  })
  return (
    <FormDialog dirty={form.dirty} open={open} onClose={close} title="Смена пароля" onSubmit={onSubmit} submitting={form.submitting}>
      <TextField label="Текущий пароль" type="password" required {...form.field('current_password')} autoComplete="current-password" />
      <NewPasswordFields form={form} />
    </FormDialog>
  )
}
