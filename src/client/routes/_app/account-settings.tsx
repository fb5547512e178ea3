import { Card, Heading, Stack } from '@chakra-ui/react'
import { createFileRoute, redirect } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { accountForm, type Account } from '../../../shared/schemas/account'
import { T } from '../../../shared/texts'
import { TextField, FormActions } from '../../components/ui/fields'
import { useForm } from '../../components/ui/use-form'
import { notify } from '../../components/ui/notify'
import { useCan } from '../../lib/auth'
import { accountQueryOptions, useSaveAccount } from '../../features/account/api/account'

export const Route = createFileRoute('/_app/account-settings')({
  loader: async ({ context }) => {
    const accountId = context.me.account_id
    if (accountId === null) throw redirect({ to: '/' })
    await context.queryClient.ensureQueryData(accountQueryOptions(accountId))
    return { accountId }
  },
  component: AccountSettingsPage,
})

function AccountSettingsPage() {
  const { accountId } = Route.useLoaderData()
  const { data } = useSuspenseQuery(accountQueryOptions(accountId))
  return <AccountForm key={JSON.stringify(data)} account={data} />
}

function AccountForm({ account }: { account: Account }) {
  const can = useCan()
  const initial = { name: account.name, external_notify_email: account.external_notify_email, support_email: account.support_email, inn: account.inn }
  const form = useForm(accountForm, initial)
  const saveAccount = useSaveAccount(account.account_id)
  const onSubmit = form.submit(async (body) => {
    await saveAccount.mutateAsync(body as Record<string, string>)
    notify.success(T.saved)
  })
  const readOnly = !can('account.change')
  return (
    <Stack gap="4" maxW="2xl">
      <Heading as="h1" size="xl">
        Настройки аккаунта
      </Heading>
      <Card.Root>
        <Card.Body>
          <form onSubmit={onSubmit} noValidate>
            <Stack gap="4">
              <TextField label="Название" required {...form.field('name')} disabled={readOnly} />
              <TextField label="E-mail энергосбытовой компании для заявок" type="email" {...form.field('external_notify_email')} disabled={readOnly} />
              <TextField label="E-mail поддержки" type="email" {...form.field('support_email')} disabled={readOnly} />
              <TextField label="ИНН организации (для макетов 80020)" inputMode="numeric" maxLength={12} {...form.field('inn')} disabled={readOnly} />
              <FormActions dirty={form.dirty} submitting={form.submitting} onCancel={() => form.reset()} showNoChanges />
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Stack>
  )
}
