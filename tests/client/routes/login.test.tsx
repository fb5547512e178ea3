import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route as LoginRoute } from '../../../src/client/routes/login'
import { T } from '../../../src/shared/texts'
import { json, mount, renderRoutes } from '../app-routes'

afterEach(() => vi.unstubAllGlobals())

// Found by a report-only field probe: an engineer whose account was switched off while his edits waited on the tablet
// read «Неверный логин или пароль» and kept retyping a right password; the server had said the account was off.
describe('the sign-in page', () => {
  it.each([
    ['a wrong password', T.loginFailed],
    ['an account switched off', T.accountDisabled],
  ])('says what the server said of %s', async (_, message) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ non_field_errors: [message] }, 400)),
    )
    renderRoutes('/login', (app) => [mount(LoginRoute, '/login', app)], undefined, { signedIn: false })
    await userEvent.type(await screen.findByLabelText(/Логин/), 'operator')
    await userEvent.type(screen.getByLabelText(/Пароль/), 'demo-password')
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }))
    expect(await screen.findByText(message)).toBeInTheDocument()
  })

  // Field probe: with the server away the page said only «Нет связи с сервером», also in place of «the sign-in has
  // ended, your waiting edits are kept».
  it('says, out of the server’s reach, that signing in waits for the server and that waiting edits are kept', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    renderRoutes('/login', (app) => [mount(LoginRoute, '/login', app)], undefined, { signedIn: false })
    await userEvent.type(await screen.findByLabelText(/Логин/), 'operator')
    await userEvent.type(screen.getByLabelText(/Пароль/), 'demo-password')
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }))
    expect(await screen.findByText(T.signInNeedsServer)).toBeInTheDocument()
  })

  // UX probe: after a wrong password, emptying both fields and pressing Enter showed «Заполните это поле!» under both
  // and the old «Неверный логин или пароль» still above them.
  it('drops the last answer when the next attempt is refused for empty fields', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ non_field_errors: [T.loginFailed] }, 400)),
    )
    renderRoutes('/login', (app) => [mount(LoginRoute, '/login', app)], undefined, { signedIn: false })
    const login = await screen.findByLabelText(/Логин/)
    const password = screen.getByLabelText(/Пароль/)
    await userEvent.type(login, 'operator')
    await userEvent.type(password, 'wrong-password')
    await userEvent.click(screen.getByRole('button', { name: 'Войти' }))
    await screen.findByText(T.loginFailed)
    await userEvent.clear(login)
    await userEvent.clear(password)
    await userEvent.type(password, '{Enter}')
    expect(await screen.findAllByText(T.required)).toHaveLength(2)
    expect(screen.queryByText(T.loginFailed)).toBeNull()
  })
})
