import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Box } from '@chakra-ui/react'
import { createRoute, Outlet } from '@tanstack/react-router'
import { RepresentTree } from '../../../src/client/features/represents/components/represent-tree'
import { Route as RepresentNewRoute } from '../../../src/client/routes/_app/represent.new'
import { Route as RepresentsNewRoute } from '../../../src/client/routes/_app/represents.new'
import { json, ME, mount, renderRoutes } from '../app-routes'

// Issue 20 point 14: «Добавить объект» of the side menu leads to /represents/new (metering.md section 2), a working form.

/** What a machine running the other test files beside this one may need for an answer to show. */
const BUSY = { timeout: 5_000 }

let tree: { represent_id: number; parent_id: number | null; name: string }[]
let posted: unknown[]

beforeEach(() => {
  localStorage.clear()
  tree = [{ represent_id: 1, parent_id: null, name: 'Подстанция' }]
  posted = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const path = input.split('?')[0]!
      if (path === '/api/users/me/') return json(ME)
      if (path === '/api/represents/all/') return json({ results: tree })
      if (path === '/api/represents/' && init.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { name: string; parent_id: number | null }
        posted.push(body)
        tree = [...tree, { represent_id: 41, parent_id: body.parent_id, name: body.name }]
        return json({ represent_id: 41 }, 201)
      }
      return json({ detail: 'Не найдено' }, 404)
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

/** The side menu's tree of objects beside the screen; an object's screen stands in for the real one (its charts). */
function renderConsole(path: string) {
  return renderRoutes(
    path,
    (app) => [
      mount(RepresentsNewRoute, '/represents/new', app),
      mount(RepresentNewRoute, '/represent/new', app),
      createRoute({ getParentRoute: app, path: '/represents/$representId', component: () => <h1>Экран объекта</h1> }),
      createRoute({ getParentRoute: app, path: '/', component: () => <h1>Главная</h1> }),
    ],
    () => (
      <>
        <Box as="nav" aria-label="Меню">
          <RepresentTree canChange />
        </Box>
        <Outlet />
      </>
    ),
  )
}

describe('adding an object from the side menu', () => {
  it('opens the form at /represents/new, creates the object and opens it', async () => {
    const user = userEvent.setup()
    const router = renderConsole('/')
    await screen.findByRole('heading', { name: 'Главная' }, BUSY)
    await user.click(within(screen.getByRole('navigation', { name: 'Меню' })).getByRole('link', { name: 'Добавить объект' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/represents/new'), BUSY)
    expect(await screen.findByRole('heading', { name: 'Новый объект' })).toBeInTheDocument()

    await user.type(screen.getByLabelText(/Название/), 'Котельная')
    await user.click(screen.getByRole('button', { name: 'Создать' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/represents/41'), BUSY)
    expect(await screen.findByRole('heading', { name: 'Экран объекта' })).toBeInTheDocument()
    expect(posted).toEqual([{ name: 'Котельная', remark: '', parent_id: null }])
    // The tree is read again and shows the new object.
    expect(await within(screen.getByRole('tree', { name: 'Дерево объектов' })).findByText('Котельная', undefined, BUSY)).toBeInTheDocument()
  })

  it('opens the form when /represents/new is typed in the address bar, not an object called «new»', async () => {
    renderConsole('/represents/new')
    expect(await screen.findByRole('heading', { name: 'Новый объект' }, BUSY)).toBeInTheDocument()
    expect(screen.getByLabelText(/Название/)).toHaveValue('')
    expect(screen.queryByRole('heading', { name: 'Экран объекта' })).toBeNull()
  })
})
