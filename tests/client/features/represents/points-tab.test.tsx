import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { PointsTab } from '../../../../src/client/features/represents/components/points-tab'
import { session } from '../../../../src/client/lib/session'
import { T } from '../../../../src/shared/texts'
import { ADMIN, startRealServer, type RealServer } from '../../real-server'
import { renderInApp } from '../../render-in-app'

/** The object's points tab keeps the columns its user chose, against the real server (tests/client/real-server.ts). */
let server: RealServer
let representId: number
let token: string

beforeAll(async () => {
  server = await startRealServer('points-tab-columns')
  token = ((await (await server.call(null, 'POST', '/api/api-token-auth/', ADMIN)).json()) as { token: string }).token
  const created = await server.call(token, 'POST', '/api/represents/', { name: 'ТП-12', remark: '', parent_id: null })
  representId = ((await created.json()) as { represent_id: number }).represent_id
  const point = await server.call(token, 'POST', '/api/points/', { name: 'Ввод 1', point_number: 'TP12-1', address: 'ул. Ленина, 1' })
  const pointId = ((await point.json()) as { point_id: number }).point_id
  expect((await server.call(token, 'POST', `/api/represents/${representId}/add_point/?point_id=${pointId}`, {})).status).toBe(201)
  session.signIn(token)
}, 120_000)
afterAll(async () => {
  session.signOut()
  await server.stop()
})

function open(canChange = false) {
  return renderInApp(<PointsTab representId={representId} canChange={canChange} />)
}

describe("the object's points tab", () => {
  it('remembers the chosen columns when the tab is opened again', async () => {
    const user = userEvent.setup()
    const first = open()
    expect(await screen.findByRole('columnheader', { name: 'Адрес' })).toBeTruthy()
    expect(screen.queryByRole('columnheader', { name: 'Абонент' })).toBeNull()
    await user.click(screen.getByRole('checkbox', { name: 'Адрес' }))
    await user.click(screen.getByRole('checkbox', { name: 'Абонент' }))
    expect(screen.queryByRole('columnheader', { name: 'Адрес' })).toBeNull()
    first.unmount()

    open()
    expect(await screen.findByRole('columnheader', { name: 'Абонент' })).toBeTruthy()
    expect(screen.queryByRole('columnheader', { name: 'Адрес' })).toBeNull()
    expect(screen.getByRole('cell', { name: 'Ввод 1' })).toBeTruthy()
    expect(screen.queryByText('ул. Ленина, 1')).toBeNull()
  })

  it("keeps the choice of the points the object's chart and table include on the server", async () => {
    const user = userEvent.setup()
    open(true)
    const chosen = await screen.findByRole('checkbox', { name: T.pointInChartOf('Ввод 1') })
    expect((chosen as HTMLInputElement).checked).toBe(true)
    await user.click(chosen)
    await waitFor(async () => {
      const links = (await (await server.call(token, 'GET', `/api/represents/${representId}/points/`)).json()) as { selected: boolean }[]
      expect(links[0]!.selected).toBe(false)
    })
  })

  // UX probe: «Вы действительно хотите удалить эту строку?» / «Удалить» read as the point's own delete.
  it('asks to unlink the point from the object, not to delete it, and keeps the link when cancelled', async () => {
    const user = userEvent.setup()
    open(true)
    await user.click(await screen.findByRole('button', { name: 'Отвязать Ввод 1' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog.textContent).toContain(T.unlinkPointTitle('Ввод 1', 'ТП-12'))
    expect(dialog.textContent).toContain(T.unlinkPointMessage)
    expect(dialog.textContent).not.toContain(T.confirmDeleteRow)
    expect(within(dialog).getByRole('button', { name: T.unlink })).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: T.delete })).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: T.cancel }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    const links = (await (await server.call(token, 'GET', `/api/represents/${representId}/points/`)).json()) as unknown[]
    expect(links).toHaveLength(1)
  })

  // UX probe: every other dialog gives the focus back to its opener; this one left it on the page's body.
  it('gives the focus back to «Создать точку» when the new point dialog is closed with Escape', async () => {
    const user = userEvent.setup()
    open(true)
    const opener = await screen.findByRole('button', { name: 'Создать точку' })
    opener.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Новая точка учёта' })
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(opener))
  })
})
