import { useState } from 'react'
import { createFileRoute } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { accountEmailInput, SMTP_ENCRYPTIONS } from '../../../shared/schemas/account'
import { T } from '../../../shared/texts'
import { DataTable } from '../../components/ui/data-table'
import { ListHeader } from '../../components/ui/list-header'
import { DeleteAction } from '../../components/ui/row-actions'
import { FormDialog } from '../../components/ui/form-dialog'
import { NumberField, SelectField, TextField } from '../../components/ui/fields'
import { useForm } from '../../components/ui/use-form'
import { useRowsPage } from '../../components/ui/use-rows-page'
import { useConfirmedDelete } from '../../components/ui/use-confirmed-write'
import { notify } from '../../components/ui/notify'
import { accountEmailsQueryOptions, useDeleteAccountEmail, useSaveAccountEmail, type AccountEmailRow } from '../../features/account/api/account'

export const Route = createFileRoute('/_app/account-emails')({
  loader: ({ context }) => context.queryClient.ensureQueryData(accountEmailsQueryOptions()),
  component: AccountEmailsPage,
})

function AccountEmailsPage() {
  const { data } = useSuspenseQuery(accountEmailsQueryOptions())
  const [editing, setEditing] = useState<{ row: AccountEmailRow | null } | null>(null)
  const shown = useRowsPage(data.results)
  // The API deletes a mail account (DELETE /api/account_emails/{id}/); the spec's screen had no way to.
  const remove = useConfirmedDelete(useDeleteAccountEmail(), T.deleteWhat.mailAccount, (row) => row.name)
  return (
    <>
      <ListHeader title="Почтовые аккаунты" onAdd={() => setEditing({ row: null })} />
      <DataTable
        label="Почтовые аккаунты"
        columns={[
          { key: 'name', header: 'Название' },
          { key: 'smtp_user', header: 'Пользователь SMTP' },
          { key: 'smtp_host', header: 'Сервер', hideBelow: 'md', render: (r) => `${r.smtp_host}:${r.smtp_port}` },
        ]}
        rows={shown.rows}
        {...shown.paging}
        rowKey={(r) => r.account_email_id}
        onRowClick={(row) => setEditing({ row })}
        actions={(row) => <DeleteAction name={row.name} onClick={() => remove(row)} />}
      />
      {editing && <AccountEmailDialog key={editing.row?.account_email_id ?? 'new'} row={editing.row} onClose={() => setEditing(null)} />}
    </>
  )
}

/** A mail account's settings; saved, the dialog closes and says so. */
function AccountEmailDialog({ row, onClose }: { row: AccountEmailRow | null; onClose: () => void }) {
  const form = useForm(accountEmailInput, {
    name: row?.name ?? '',
    smtp_host: row?.smtp_host ?? '',
    smtp_port: row?.smtp_port ?? 465,
    smtp_user: row?.smtp_user ?? '',
    smtp_password: '',
    smtp_encryption: row?.smtp_encryption ?? '',
  })
  const saveEmail = useSaveAccountEmail()
  const onSubmit = form.submit(async (body) => {
    await saveEmail.mutateAsync({ row, body })
    onClose()
    notify.success(T.saved)
  })
  return (
    <FormDialog
      dirty={form.dirty}
      open
      onClose={onClose}
      title={row ? 'Почтовый аккаунт' : 'Новый почтовый аккаунт'}
      onSubmit={onSubmit}
      submitting={form.submitting}
    >
      <TextField label="Название" required {...form.field('name')} />
      <TextField label="SMTP-сервер" required {...form.field('smtp_host')} />
      <NumberField
        label="Порт"
        required
        integer
        value={form.values.smtp_port}
        onChange={(v) => form.set('smtp_port', v as never)}
        error={form.errors.smtp_port}
      />
      <TextField label="Пользователь SMTP" {...form.field('smtp_user')} autoComplete="off" />
      <TextField
        label="Пароль SMTP"
        type="password"
        {...form.field('smtp_password')}
        autoComplete="new-password"
        helper={row?.has_password ? T.emailPasswordKept : undefined}
      />
      <SelectField
        label="Тип шифрования"
        required
        value={form.values.smtp_encryption || null}
        options={SMTP_ENCRYPTIONS.map((e) => ({ value: e, label: e }))}
        onChange={(v) => form.set('smtp_encryption', (v ?? '') as never)}
        error={form.errors.smtp_encryption}
      />
    </FormDialog>
  )
}
