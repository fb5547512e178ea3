import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryHistory, createRouter, RouterProvider } from '@tanstack/react-router'
import RouteError from '../../../src/client/components/ui/route-states'
import { formatDateTime } from '../../../src/client/lib/format'
import { session } from '../../../src/client/lib/session'
import { routeTree } from '../../../src/client/routeTree.gen'
import type { AuditEntry } from '../../../src/shared/schemas/audit'
import { T } from '../../../src/shared/texts'
import { ADMIN, json, signInAs, staffWith, startRealServer, type RealServer } from '../real-server'
import { renderInApp, testQueryClient } from '../render-in-app'

// Issue 20 point 15: the audit trail's screen, against the real server (tests/client/real-server.ts).

// The signed-in layout's update prompt listens to the PWA plugin's virtual module, which exists only in a build.
vi.mock('../../../src/client/app/service-worker', () => ({ onServiceWorkerUpdate: () => undefined, registerServiceWorker: () => undefined }))

let server: RealServer
let adminToken: string
let editorToken: string
let viewerToken: string
let pointId: number
let editorId: number

beforeAll(async () => {
  server = await startRealServer('audit-page')
  adminToken = await signInAs(server, ADMIN.username, ADMIN.password)
  // The changes the screen shows: a point created and renamed by the administrator, a point created by an editor.
  const point = await json<{ point_id: number }>(
    server.call(adminToken, 'POST', '/api/points/', { name: 'ТП-15', point_number: 'PN-15', address: 'ул. Садовая, 1' }),
    201,
  )
  pointId = point.point_id
  await json(server.call(adminToken, 'PUT', `/api/points/${pointId}/`, { name: 'ТП-15 Северная', point_number: 'PN-15', address: 'ул. Садовая, 1' }), 200)
  const editor = await staffWith(server, adminToken, ['points.view', 'points.change'], { username: 'editor', first_name: 'Пётр', last_name: 'Иванов' })
  editorId = editor.userId
  editorToken = editor.token
  await json(server.call(editorToken, 'POST', '/api/points/', { name: 'ТП-16', point_number: 'PN-16', address: 'ул. Лесная, 2' }), 201)
  viewerToken = (await staffWith(server, adminToken, ['points.view', 'users.view'], { username: 'viewer2', first_name: 'Анна', last_name: 'Орлова' })).token
}, 120_000)
afterEach(() => {
  cleanup()
  session.signOut()
})
afterAll(async () => {
  await server.stop()
})

/** The console itself, signed in with `token`, at `url`: the signed-in layout with its menu, and the screen. */
function openConsole(token: string, url: string) {
  session.signIn(token)
  const queryClient = testQueryClient()
  const router = createRouter({
    routeTree,
    history: createMemoryHistory({ initialEntries: [url] }),
    context: { queryClient },
    defaultErrorComponent: RouteError,
  })
  renderInApp(<RouterProvider router={router} />, queryClient)
  return router
}

/**
 * The menu's entries: the wide screen's sidebar, which jsdom (no media queries) keeps hidden, so it is found by its
 * element (a hidden element has no accessible name) and its links among the hidden ones.
 */
async function menuLinks() {
  const nav = await waitFor(() => document.querySelector<HTMLElement>('nav[aria-label="Главное меню"]') ?? Promise.reject(new Error('no menu')))
  await within(nav).findByRole('link', { name: 'Пользователи', hidden: true }, { timeout: 5_000 })
  return within(nav)
    .queryAllByRole('link', { hidden: true })
    .map((link) => link.textContent)
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)

async function trail(token: string, query = ''): Promise<AuditEntry[]> {
  return (await json<{ results: AuditEntry[] }>(server.call(token, 'GET', `/api/audit/?${query}`), 200)).results
}

describe('the audit trail screen', { timeout: 60_000 }, () => {
  it('is in the administration menu and lists who changed what and when, in Russian, newest first', async () => {
    const [latest] = await trail(adminToken, 'entity=point')
    openConsole(adminToken, '/audit')
    expect(await screen.findByRole('heading', { name: T.auditTitle })).toBeInTheDocument()
    expect(await menuLinks()).toContain('Журнал изменений')
    const table = await screen.findByRole('table', { name: T.auditTitle })
    await waitFor(() => expect(within(table).getAllByText('Точка учёта').length).toBeGreaterThanOrEqual(3))
    // The editor's point is the newest change to a point; the administrator's rename is among the rows.
    const editorRow = rowsOf(table).find((row) => row.textContent?.includes('Пётр Иванов'))!
    expect(editorRow).toHaveTextContent('Создание')
    expect(editorRow).toHaveTextContent(formatDateTime(latest!.created_at))
    expect(latest).toMatchObject({ user_id: editorId, action: 'create' })
    const rename = rowsOf(table).find((row) => row.textContent?.includes('Изменение') && row.textContent.includes('Точка учёта'))!
    expect(rename).toHaveTextContent('Администратор Системы')
    expect(rename).toHaveTextContent(String(pointId))
    expect(rename.textContent).toMatch(/\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}/)
    // Groups and users made for the test are there too, named in Russian.
    expect(within(table).getAllByText('Группа прав').length).toBeGreaterThan(0)
    expect(within(table).getAllByText('Пользователь').length).toBeGreaterThan(0)
    expect(table).not.toHaveTextContent('permissions_group')
  })

  it('filters by entity and by user through the URL, and says when nothing matches', async () => {
    const user = userEvent.setup()
    const router = openConsole(adminToken, '/audit')
    const table = await screen.findByRole('table', { name: T.auditTitle })
    await waitFor(() => expect(within(table).getAllByText('Группа прав').length).toBeGreaterThan(0))

    await user.selectOptions(screen.getByLabelText('Тип записи'), 'Точка учёта')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ entity: 'point', page: 1 }))
    await waitFor(() => expect(within(table).queryByText('Группа прав')).not.toBeInTheDocument())
    await waitFor(() => expect(rowsOf(table)).toHaveLength(3))
    for (const row of rowsOf(table)) expect(row).toHaveTextContent('Точка учёта')

    await user.selectOptions(await screen.findByLabelText('Пользователь'), 'Пётр Иванов (editor)')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ entity: 'point', user_id: editorId }))
    await waitFor(() => expect(rowsOf(table)).toHaveLength(1))
    expect(rowsOf(table)[0]).toHaveTextContent('Пётр Иванов')

    await user.selectOptions(screen.getByLabelText('Тип записи'), 'Группа прав')
    expect(await within(document.getElementById('content')!).findByText(T.auditEmpty)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Сбросить фильтры' }))
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('user_id'))
    await waitFor(() => expect(within(table).getAllByText('Группа прав').length).toBeGreaterThan(0))
  })

  it('opens an entry: its fields before → after, the changed one marked', async () => {
    const user = userEvent.setup()
    openConsole(adminToken, `/audit?entity=point&entity_id=${pointId}`)
    const table = await screen.findByRole('table', { name: T.auditTitle })
    await waitFor(() => expect(rowsOf(table)).toHaveLength(2))
    await user.click(within(rowsOf(table)[0]!).getByRole('button', { name: /^Подробнее: Изменение: Точка учёта/ }))

    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(`Изменение: Точка учёта №${pointId}`)).toBeInTheDocument()
    expect(dialog).toHaveTextContent('Администратор Системы')
    const fields = within(dialog).getByRole('table', { name: 'Поля записи' })
    expect(within(fields).getByRole('columnheader', { name: 'Было' })).toBeInTheDocument()
    expect(within(fields).getByRole('columnheader', { name: 'Стало' })).toBeInTheDocument()
    const row = (field: string) =>
      within(fields)
        .getAllByRole('row')
        .find((r) => r.querySelector('td')?.textContent?.startsWith(field))!
    // Fields by their Russian names (T.auditFields), ids left out.
    expect(row('Наименование')).toHaveTextContent(/^НаименованиеизмененоТП-15ТП-15 Северная$/)
    expect(row('Наименование')).toHaveAttribute('data-changed')
    expect(row('Адрес')).toHaveTextContent('ул. Садовая, 1')
    expect(row('Адрес')).not.toHaveAttribute('data-changed')
    expect(within(row('Адрес')).queryByText(T.auditChanged)).not.toBeInTheDocument()
    // The rename and the version it moved the point to; nothing else is marked.
    expect(
      within(fields)
        .getAllByRole('row')
        .filter((r) => r.hasAttribute('data-changed'))
        .map((r) => r.querySelector('td')?.textContent),
    ).toEqual([`Наименование${T.auditChanged}`, `Версия записи${T.auditChanged}`])
    expect(row('Счётчик установлен')).toHaveTextContent(/^Счётчик установленнетнет$/)
    expect(within(fields).queryByText('point_id')).not.toBeInTheDocument()
    expect(dialog).not.toHaveTextContent('{"')

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // A creation has only the new record's fields.
    await user.click(rowsOf(table)[1]!)
    const created = await screen.findByRole('dialog')
    expect(within(created).getByText(`Создание: Точка учёта №${pointId}`)).toBeInTheDocument()
    expect(within(created).queryByRole('columnheader', { name: 'Было' })).not.toBeInTheDocument()
    expect(within(created).getByRole('columnheader', { name: 'Стало' })).toBeInTheDocument()
    expect(created).toHaveTextContent('ТП-15')
  })

  it('is not offered to a user without audit.view, who is told so in Russian when opening it', async () => {
    const router = openConsole(viewerToken, '/audit')
    // The screen's load is refused: the console's error page for a screen says why, in Russian, and offers no retry.
    const content = await waitFor(() => document.getElementById('content') ?? Promise.reject(new Error('no content')))
    expect(await within(content).findByText(T.noRightToView)).toBeInTheDocument()
    expect(within(content).queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument()
    expect(screen.queryByRole('table', { name: T.auditTitle })).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/audit')
    const links = await menuLinks()
    expect(links).toContain('Пользователи')
    expect(links).not.toContain('Журнал изменений')
  })
})
