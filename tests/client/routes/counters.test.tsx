import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { Route as CountersRoute } from '../../../src/client/routes/_app/counters'
import { json, mount, renderRoutes, signedInWith } from '../app-routes'
import { counterAnswer } from '../offline/helpers'

// A probe's viewer was offered «Обновить параметры» on every row, and refused only after confirming it.

/** What a machine running the other test files beside this one may need for an answer to show. */
const BUSY = { timeout: 5_000 }

const METER = counterAnswer(5, { serial_num: '50000001', point_id: 7, point_number: '7', point_name: 'ТП-7', is_current: true })

const showMeters = (permissions: string[]) => {
  localStorage.clear()
  signedInWith(permissions, (path) => (path === '/api/counters/' ? json({ count: 1, results: [METER] }) : undefined))
  renderRoutes('/counters', (app) => [mount(CountersRoute, '/counters', app)])
}

afterEach(() => vi.unstubAllGlobals())

describe('the meters list’s refresh of a meter’s parameters', () => {
  it('is not offered to a user who may not poll meters', async () => {
    showMeters(['counters.view'])
    expect(await screen.findByRole('button', { name: 'Сведения 50000001' }, BUSY)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Обновить параметры/ })).toBeNull()
  })

  it('is offered to one who may', async () => {
    showMeters(['counters.view', 'counters.poll'])
    expect(await screen.findByRole('button', { name: 'Обновить параметры 50000001' }, BUSY)).toBeInTheDocument()
  })
})
