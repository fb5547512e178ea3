import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Link, Outlet } from '@tanstack/react-router'
import { toaster } from '../../../../../src/client/components/ui/notify'
import { PointEditTab } from '../../../../../src/client/features/points/components/point-edit-form'
import { enqueueEdit, offlineDb } from '../../../../../src/client/offline'
import { formatDateTime } from '../../../../../src/client/lib/format'
import type { Point } from '../../../../../src/shared/schemas/points'
import { T } from '../../../../../src/shared/texts'
import { tokenOf } from '../../../offline/helpers'
import { renderRouter, testQueryClient } from '../../../render-in-app'
import { json, ME, point } from '../../../app-routes'

// Issue 20 point 3: saves tell the truth. A fake API with the server's contract: PUT needs If-Match of the current version.

/** The outbox and its sender load on first use: the first answer takes a few seconds on a busy machine. */
const SENT = { timeout: 10_000 }

type Entry = { method: string; path: string; body: Record<string, unknown>; headers: Record<string, string> }

let row: Point
let ifMatches: string[]
let refuseWith: { status: number; body: unknown } | null
let offline: boolean

function answerEntry(entry: Entry) {
  ifMatches.push(entry.headers['If-Match']!)
  if (refuseWith) return { ...refuseWith, headers: {} }
  if (entry.headers['If-Match'] !== `"${row.version}"`) return { status: 412, body: row, headers: {} }
  row = { ...row, ...entry.body, version: row.version + 1 } as Point
  return { status: 200, body: row, headers: { ETag: `"${row.version}"` } }
}

beforeEach(async () => {
  row = point({ point_number: 'PN-7', version: 2 })
  ifMatches = []
  refuseWith = null
  offline = false
  localStorage.clear()
  localStorage.setItem('token', tokenOf(ME.user_id))
  await Promise.all([offlineDb().outbox.clear(), offlineDb().points.clear()])
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      if (offline) throw new TypeError('Failed to fetch')
      const path = input.split('?')[0]!
      if (path === '/api/outbox/') {
        const { entries } = JSON.parse(String(init.body)) as { entries: Entry[] }
        return json({ results: entries.map(answerEntry) })
      }
      if (path === '/api/points/7/') return json(row)
      if (path === '/api/points/7/consumption/') return json({ consumption__sum: 1200 })
      if (path === '/api/customers/') return json({ count: 0, results: [] })
      if (path === '/api/users/me/') {
        return json(ME)
      }
      return json({ detail: 'Не найдено' }, 404)
    }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  toaster.remove()
})

function renderForm() {
  // A router of its own around the form (the cast: the app registers its route tree as the only one).
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <Link to={'/other' as '/'}>Другая вкладка</Link>
        <Outlet />
      </>
    ),
  })
  const edit = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <PointEditTab id={7} /> })
  const other = createRoute({ getParentRoute: () => rootRoute, path: '/other', component: () => <p>Другая вкладка открыта</p> })
  const router = createRouter({ routeTree: rootRoute.addChildren([edit, other]), history: createMemoryHistory({ initialEntries: ['/'] }) })
  const queryClient = testQueryClient()
  renderRouter(router, queryClient)
}

async function editName(name: string) {
  const field = await screen.findByLabelText(/Наименование/)
  await waitFor(() => expect(field).not.toBeDisabled())
  await userEvent.clear(field)
  await userEvent.type(field, name)
  await userEvent.click(screen.getByRole('button', { name: T.save }))
}

describe('saving the point form', { timeout: 40_000 }, () => {
  it('sends the version the server moved to on the second save: no conflict when nobody else edited', async () => {
    const banners = vi.spyOn(toaster, 'create')
    renderForm()
    await editName('ТП-7 первая')
    expect(await screen.findByText(T.saved, undefined, SENT)).toBeInTheDocument()
    await waitFor(() => expect(screen.getByLabelText(/Наименование/)).toHaveValue('ТП-7 первая'))
    await editName('ТП-7 вторая')
    await waitFor(() => expect(row.name).toBe('ТП-7 вторая'), SENT)
    expect(ifMatches).toEqual(['"2"', '"3"'])
    // The second save is over only once it has said so: its banner must not fall into the next test.
    await waitFor(() => expect(banners.mock.calls.filter(([options]) => options.title === T.saved)).toHaveLength(2), SENT)
    expect(screen.queryByText(/другим пользователем/)).not.toBeInTheDocument()
  })

  it("shows the server's refusal on the form, never «Изменения сохранены»", async () => {
    refuseWith = { status: 400, body: { name: ['Точка учёта с таким наименованием уже есть'] } }
    const banners = vi.spyOn(toaster, 'create')
    renderForm()
    await editName('ТП-8')
    expect(await screen.findByText('Точка учёта с таким наименованием уже есть', undefined, SENT)).toBeInTheDocument()
    expect(banners.mock.calls.map(([options]) => options.title)).not.toContain(T.saved)
    expect(screen.getByRole('button', { name: T.save })).toBeInTheDocument()
  })

  it('offline, says the change is kept on the device and will be sent', async () => {
    renderForm()
    await screen.findByLabelText(/Наименование/)
    offline = true
    await editName('ТП-7 без связи')
    expect(await screen.findByText(T.savedOnDevice, undefined, SENT)).toBeInTheDocument()
  })

  it('online, answered with a server error: says the change waits to be resent, not «no connection»', async () => {
    refuseWith = { status: 503, body: { detail: 'Service Unavailable' } }
    renderForm()
    await editName('ТП-7 при сбое сервера')
    expect(await screen.findByText(T.savedRetrying(T.outboxRetryUnavailable(503)), undefined, SENT)).toBeInTheDocument()
    expect(screen.queryByText(T.savedOnDevice)).not.toBeInTheDocument()
  })

  it('online, behind an earlier edit of the point that the server refused: says it waits and for what, not «no connection»', async () => {
    // An offline change of the point's number, refused since (another point holds it), not yet looked at.
    const refused = await enqueueEdit({
      author: ME.user_id,
      entity: 'point',
      op: 'update',
      entityId: 7,
      patch: { point_number: 'PN-8' },
      baseVersion: 2,
      current: row,
    })
    await offlineDb().outbox.update(refused.seq!, { status: 'rejected', attempts: 1, lastError: { status: 400, message: T.pointNumberTaken } })
    renderForm()
    await editName('ТП-7 после отказа')
    const at = formatDateTime(new Date(refused.createdAt))
    const text =
      `Изменение сохранено на устройстве и ждёт: предыдущее изменение этой записи от ${at} отклонено сервером; ` +
      'исправьте или отмените его на странице «Изменения, ожидающие отправки»'
    expect(await screen.findByText(text, undefined, SENT)).toBeInTheDocument()
    expect(screen.queryByText(T.savedOnDevice)).not.toBeInTheDocument()
    expect(ifMatches).toEqual([])
  })

  it('online, behind its own earlier edit that waits to be resent after a server error: says so, not «no connection»', async () => {
    // An earlier change of the point's number met a 503 and waits out its back-off: the server answered, with an error.
    const earlier = await enqueueEdit({
      author: ME.user_id,
      entity: 'point',
      op: 'update',
      entityId: 7,
      patch: { point_number: 'PN-8' },
      baseVersion: 2,
      current: row,
    })
    const lastError = { status: 503, message: T.outboxRetryUnavailable(503) }
    await offlineDb().outbox.update(earlier.seq!, { attempts: 1, nextAttemptAt: Date.now() + 60_000, lastError })
    renderForm()
    await editName('ТП-7 после ошибки сервера')
    const at = formatDateTime(new Date(earlier.createdAt))
    const text =
      `Изменение сохранено на устройстве и ждёт: предыдущее изменение этой записи от ${at} не принято из-за ошибки сервера ` +
      'и будет отправлено повторно; его можно отправить сейчас на странице «Изменения, ожидающие отправки»'
    expect(await screen.findByText(text, undefined, SENT)).toBeInTheDocument()
    expect(screen.queryByText(T.savedOnDevice)).not.toBeInTheDocument()
    expect(ifMatches).toEqual([])
  })

  it('asks before leaving unsaved changes, and stays when told to', async () => {
    renderForm()
    const field = await screen.findByLabelText(/Наименование/)
    await waitFor(() => expect(field).not.toBeDisabled())
    await userEvent.type(field, ' правка')
    await userEvent.click(screen.getByRole('link', { name: 'Другая вкладка' }))
    expect(await screen.findByText(T.leaveUnsaved)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: T.stay }))
    await waitFor(() => expect(screen.queryByText(T.leaveUnsaved)).not.toBeInTheDocument())
    expect(screen.getByLabelText(/Наименование/)).toHaveValue('ТП-7 правка')
    await userEvent.click(screen.getByRole('link', { name: 'Другая вкладка' }))
    await userEvent.click(await screen.findByRole('button', { name: T.leave }))
    expect(await screen.findByText('Другая вкладка открыта')).toBeInTheDocument()
  })
})
