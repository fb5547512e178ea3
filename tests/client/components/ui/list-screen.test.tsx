import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import type { AnyRoute } from '@tanstack/react-router'
import { Route as CountersRoute } from '../../../../src/client/routes/_app/counters'
import { Route as CustomersRoute } from '../../../../src/client/routes/_app/customers'
import { Route as TasksRoute } from '../../../../src/client/routes/_app/tasks'
import { Route as UsersRoute } from '../../../../src/client/routes/_app/users'
import { T } from '../../../../src/shared/texts'
import { mount, renderRoutes, signedInWith } from '../../app-routes'

// Found by a report-only UX probe: a search that found nothing on /customers, /users, /counters and /tasks said only
// «Нет данных для отображения», as if the list were empty, with no word of the search or of the way back.

afterEach(() => vi.unstubAllGlobals())

const RIGHTS = ['customers.view', 'users.view', 'counters.view', 'tasks.view']
const LISTS: [string, AnyRoute][] = [
  ['/customers', CustomersRoute],
  ['/users', UsersRoute],
  ['/counters', CountersRoute],
  ['/tasks', TasksRoute],
]

describe('a searched list that found nothing', () => {
  it.each(LISTS)('%s names the search and suggests clearing it', async (path, route) => {
    signedInWith(RIGHTS)
    renderRoutes(`${path}?search=щщщ`, (app) => [mount(route, path, app)])
    expect(await screen.findByText(T.notFoundBySearch('щщщ'))).toBeInTheDocument()
    expect(screen.queryByText(T.empty)).toBeNull()
  })

  it('keeps the empty list’s own words when nothing is searched', async () => {
    signedInWith(RIGHTS)
    renderRoutes('/users', (app) => [mount(UsersRoute, '/users', app)])
    expect(await screen.findByText(T.empty)).toBeInTheDocument()
  })
})
