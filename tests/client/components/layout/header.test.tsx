import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoute } from '@tanstack/react-router'
import { Header } from '../../../../src/client/components/layout/header'
import { syncState } from '../../../../src/client/app/sync'
import { renderRoutes, signedInWith } from '../../app-routes'

// The header's indicators start the sync and the mirror; this test is about the sign-out question only.
vi.mock('../../../../src/client/components/layout/connectivity-indicator', () => ({ ConnectivityIndicator: () => null }))
vi.mock('../../../../src/client/components/layout/mirror-status', () => ({ MirrorStatus: () => null }))
vi.mock('../../../../src/client/components/layout/notifications-button', () => ({ NotificationsButton: () => null }))

afterEach(() => {
  vi.unstubAllGlobals()
  syncState.update({ waiting: 0, needsDecision: 0, online: true })
})

const showHeader = () =>
  renderRoutes(
    '/',
    (app) => [createRoute({ getParentRoute: app, path: '/' })],
    () => <Header onMenu={() => {}} />,
  )

describe('signing out with edits still on the device', () => {
  it('tells apart the edits the next sign-in sends from those that wait for the user', async () => {
    signedInWith(['points.view', 'points.change'])
    syncState.update({ waiting: 3, needsDecision: 1 })
    renderRoutes(
      '/',
      (app) => [createRoute({ getParentRoute: app, path: '/' })],
      () => <Header onMenu={() => {}} />,
    )
    await userEvent.click(await screen.findByRole('button', { name: 'Выход' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Ваши изменения ещё не отправлены на сервер: 3.')
    expect(dialog).toHaveTextContent('Будут отправлены, когда вы снова войдёте: 2.')
    expect(dialog).toHaveTextContent(
      'Ждут вашего решения на странице «Изменения, ожидающие отправки» (конфликт или отказ сервера), без него не будут отправлены: 1.',
    )
    expect(within(dialog).getByRole('button', { name: 'Остаться' })).toBeInTheDocument()
  })
})

// Field probe: an engineer signed out in a substation, the server out of reach, and could not open the device's copy
// again for the rest of the shift: nothing had said so.
describe('signing out out of the server’s reach', () => {
  it('asks first, saying that nobody signs in again on the device until the server is back', async () => {
    signedInWith(['points.view'])
    syncState.update({ online: false })
    showHeader()
    await userEvent.click(await screen.findByRole('button', { name: 'Выход' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Нет связи с сервером')
    expect(dialog).toHaveTextContent('Войти снова на этом устройстве можно будет, только когда сервер станет доступен')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Остаться' }))
    expect(localStorage.getItem('token')).not.toBeNull()
  })
})
