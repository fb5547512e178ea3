import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { Route as PointRoute } from '../../../src/client/routes/_app/points.$id'
import { Route as PointProfileRoute } from '../../../src/client/routes/_app/points.$id.profile'
import { T } from '../../../src/shared/texts'
import { json, ME, mount, point, renderRoutes } from '../app-routes'

/*
 * UX probe: while a slow server had not yet said which parameters the point has, the «Параметр» select said
 * «Нет данных для отображения», twice (as its text and as the help text below it).
 */
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = input.split('?')[0]!
      if (path === '/api/users/me/') return json(ME)
      if (path === '/api/points/7/') return json(point({ counter_id: 5, has_counter: true }))
      // The parameters never come.
      if (path === '/api/counters_data/available_params/') return new Promise<Response>(() => undefined)
      return json({ detail: 'Не найдено' }, 404)
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('a point’s power profile while its parameters load', () => {
  it('says it is loading, once, and not that there are no data', async () => {
    renderRoutes('/points/7/profile', (app) => {
      const pointRoute = mount(PointRoute, '/points/$id', app)
      return [pointRoute.addChildren([mount(PointProfileRoute, '/profile', () => pointRoute)])]
    })
    const select = (await screen.findByRole('combobox', { name: 'Параметр' }, { timeout: 5_000 })) as HTMLSelectElement
    expect(select.selectedOptions[0]?.text).toBe(T.loadingDots)
    expect(screen.queryByText(T.empty)).toBeNull()
    expect(screen.queryAllByText(T.loadingDots)).toHaveLength(1)
  })
})
