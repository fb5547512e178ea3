import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Suspense } from 'react'
import { Route as AccountEmailsRoute } from '../../../src/client/routes/_app/account-emails'
import { T } from '../../../src/shared/texts'
import { json, ME } from '../app-routes'
import { renderInApp } from '../render-in-app'

// A stored SMTP password is not kept for another server: the server refuses, and the form says so on the password field.

const MAILBOX = {
  account_email_id: 3,
  name: 'Рассылка',
  smtp_host: 'smtp.example.ru',
  smtp_port: 465,
  smtp_user: 'robot',
  smtp_encryption: 'SSL',
  has_password: true,
}

let sent: Record<string, unknown>[]

beforeEach(() => {
  sent = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = input.split('?')[0]!
      if (path === '/api/users/me/') return json(ME)
      if (path === '/api/account_emails/') return json({ count: 1, results: [MAILBOX] })
      if (path === '/api/account_emails/3/' && init.method === 'PATCH') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>
        sent.push(body)
        // As the server: a new host without the password typed anew.
        if (body.smtp_host !== MAILBOX.smtp_host && !body.smtp_password) return json({ smtp_password: [T.smtpPasswordAgain] }, 400)
        return json({ ...MAILBOX, ...body, smtp_password: undefined })
      }
      return json({ detail: 'Не найдено' }, 404)
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('the mail account form', () => {
  it("shows on the password field the server's refusal to keep it for a new host, and sends it typed anew", async () => {
    const AccountEmailsPage = AccountEmailsRoute.options.component!
    renderInApp(
      <Suspense fallback={null}>
        <AccountEmailsPage />
      </Suspense>,
    )
    await userEvent.click(await screen.findByText('Рассылка', undefined, { timeout: 5_000 }))
    const dialog = await screen.findByRole('dialog', { name: 'Почтовый аккаунт' })
    const host = within(dialog).getByLabelText(/SMTP-сервер/)
    await userEvent.clear(host)
    await userEvent.type(host, 'smtp2.example.ru')
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }))
    expect(await within(dialog).findByText(T.smtpPasswordAgain)).toBeInTheDocument()
    const password = within(dialog).getByLabelText('Пароль SMTP')
    expect(password).toHaveAttribute('aria-invalid', 'true')
    await userEvent.type(password, 'New-Smtp-1')
    await userEvent.click(within(dialog).getByRole('button', { name: T.save }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(sent.map((body) => [body.smtp_host, body.smtp_password])).toEqual([
      ['smtp2.example.ru', ''],
      ['smtp2.example.ru', 'New-Smtp-1'],
    ])
  })
})
