import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { meQueryOptions } from '../../../../src/client/lib/auth'
import { OwnPasswordDialog } from '../../../../src/client/features/users/components/own-password-dialog'
import { session } from '../../../../src/client/lib/session'
import { T } from '../../../../src/shared/texts'
import { ADMIN, startRealServer, type RealServer } from '../../real-server'
import { renderInApp, testQueryClient } from '../../render-in-app'

/** The own-password dialog against the real server (tests/client/real-server.ts). */
let server: RealServer
let call: RealServer['call']

beforeAll(async () => {
  server = await startRealServer('own-password')
  call = server.call
}, 120_000)
afterAll(() => server.stop())
afterEach(() => session.signOut())

async function login(username: string, password: string): Promise<string> {
  const res = await call(null, 'POST', '/api/api-token-auth/', { username, password })
  if (!res.ok) throw new Error(`login ${username}: ${res.status}`)
  return ((await res.json()) as { token: string }).token
}
let counter = 0
/** A new staff user of no group, signed in. */
async function newUser(): Promise<{ username: string; token: string }> {
  const username = `own${++counter}`
  const created = await call(await login(ADMIN.username, ADMIN.password), 'POST', '/api/users/', {
    username,
    first_name: 'Иван',
    last_name: 'Иванов',
    password: 'password-123',
  })
  expect(created.status).toBe(201)
  return { username, token: await login(username, 'password-123') }
}

const signedIn = async (token: string) => (await call(token, 'GET', '/api/users/me/')).status

async function openDialog() {
  const onClose = vi.fn()
  const queryClient = testQueryClient()
  // The header shows the dialog once the signed-in user is known.
  await queryClient.fetchQuery(meQueryOptions())
  renderInApp(<OwnPasswordDialog open onClose={onClose} />, queryClient)
  const dialog = await screen.findByRole('dialog', { name: 'Смена пароля' })
  return { dialog, onClose }
}

async function fill(dialog: HTMLElement, current: string, next: string) {
  const user = userEvent.setup()
  await user.type(within(dialog).getByLabelText(/Текущий пароль/), current)
  await user.type(within(dialog).getByLabelText(/Новый пароль/), next)
  await user.type(within(dialog).getByLabelText(/Повторите пароль/), next)
  await user.click(within(dialog).getByRole('button', { name: T.save }))
}

describe('the change-password dialog of the header', () => {
  it('keeps the user signed in with the new token, the earlier one having ended', async () => {
    const me = await newUser()
    session.signIn(me.token)
    const { dialog, onClose } = await openDialog()
    await fill(dialog, 'password-123', 'fresh-password-1')
    await waitFor(() => expect(onClose).toHaveBeenCalled(), { timeout: 60_000 })
    const stored = session.token()!
    expect(stored).not.toBe(me.token)
    expect(await signedIn(stored)).toBe(200)
    expect(await signedIn(me.token)).toBe(401)
    await expect(login(me.username, 'fresh-password-1')).resolves.toBeTypeOf('string')
  }, 90_000)

  it('says «Неверный пароль» for a wrong current password and changes nothing', async () => {
    const me = await newUser()
    session.signIn(me.token)
    const { dialog, onClose } = await openDialog()
    await fill(dialog, 'not-my-password', 'fresh-password-2')
    expect(await within(dialog).findByText(T.wrongPassword, {}, { timeout: 60_000 })).toBeInTheDocument()
    expect(onClose).not.toHaveBeenCalled()
    expect(session.token()).toBe(me.token)
    expect(await signedIn(me.token)).toBe(200)
  }, 90_000)
})
