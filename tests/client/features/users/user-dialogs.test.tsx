import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { User } from '../../../../src/shared/schemas/users'
import { UserCreateDialog, UserEditDialog } from '../../../../src/client/features/users/components/user-dialogs'
import { session } from '../../../../src/client/lib/session'
import { T } from '../../../../src/shared/texts'
import { ADMIN, json, signInAs, startRealServer, type RealServer } from '../../real-server'
import { renderInApp } from '../../render-in-app'

/** The administrator's user dialogs against the real server (tests/client/real-server.ts). */
let server: RealServer
let admin: string

beforeAll(async () => {
  server = await startRealServer('user-dialogs')
  admin = await signInAs(server, ADMIN.username, ADMIN.password)
  for (const name of ['Диспетчеры', 'Инженеры']) await json(server.call(admin, 'POST', '/api/permissions_groups/', { name, permissions: [] }), 201)
  session.signIn(admin)
}, 120_000)
afterAll(async () => {
  session.signOut()
  await server.stop()
})

const userNamed = async (username: string) =>
  (await json<{ results: User[] }>(server.call(admin, 'GET', `/api/users/?search=${username}`), 200)).results.find((u) => u.username === username)!

describe('the user dialogs', () => {
  it('create a user in the groups ticked among those the server holds', async () => {
    const onDone = vi.fn()
    const { unmount } = renderInApp(<UserCreateDialog open onClose={() => {}} onDone={onDone} />)
    const dialog = await screen.findByRole('dialog', { name: 'Новый пользователь' })
    const user = userEvent.setup()
    await user.type(within(dialog).getByLabelText(/Логин/), 'petrov')
    await user.type(within(dialog).getByLabelText(/Имя/), 'Пётр')
    await user.type(within(dialog).getByLabelText(/Фамилия/), 'Петров')
    await user.type(within(dialog).getByLabelText(/^Пароль/), 'password-123')
    await user.type(within(dialog).getByLabelText(/Повторите пароль/), 'password-123')
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Инженеры' }))
    await user.click(within(dialog).getByRole('button', { name: T.add }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())

    const created = await userNamed('petrov')
    const groups = await json<{ results: { permissions_group_id: number; name: string }[] }>(server.call(admin, 'GET', '/api/permissions_groups/'), 200)
    expect(created.groups.map((id) => groups.results.find((g) => g.permissions_group_id === id)?.name)).toEqual(['Инженеры'])
    unmount()
  })

  it('show the groups a user is in, and save a change of them', async () => {
    const before = await userNamed('petrov')
    const onDone = vi.fn()
    const { unmount } = renderInApp(<UserEditDialog user={before} onClose={() => {}} onDone={onDone} />)
    const dialog = await screen.findByRole('dialog', { name: 'Редактирование пользователя' })
    expect(await within(dialog).findByRole('checkbox', { name: 'Инженеры' })).toBeChecked()
    expect(within(dialog).getByRole('checkbox', { name: 'Диспетчеры' })).not.toBeChecked()

    const user = userEvent.setup()
    await user.type(within(dialog).getByLabelText(/E-mail/), 'petrov@example.ru')
    await user.click(within(dialog).getByRole('checkbox', { name: 'Диспетчеры' }))
    await user.click(within(dialog).getByRole('button', { name: T.save }))
    await waitFor(() => expect(onDone).toHaveBeenCalled())
    expect((await userNamed('petrov')).groups).toHaveLength(2)
    unmount()
  })
})
