import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { QueryClient } from '@tanstack/react-query'
import { createRoute, Outlet } from '@tanstack/react-router'
import { Route as PointRoute } from '../../../src/client/routes/_app/points.$id'
import { Route as PointCountersDataRoute } from '../../../src/client/routes/_app/points.$id.point_counters_data'
import { Route as PointConsumptionRoute } from '../../../src/client/routes/_app/points.$id.consumption'
import { Route as PointSchedulerRoute } from '../../../src/client/routes/_app/points.$id.scheduler'
import { RightGate } from '../../../src/client/components/layout/right-gate'
import { meQueryOptions } from '../../../src/client/lib/auth'
import { T } from '../../../src/shared/texts'
import { json, mount, point, renderRoutes, signedInWith } from '../app-routes'
import { pointScreenApi } from '../point-screen'
import { offlineDb } from '../../../src/client/offline/db'
import { tempIdMetaKey } from '../../../src/client/offline/entities'

// Issue 20 point 14: the readings at 0:00 and 0:30 (point_counters_data) are a tab of the point's screen.

/** What a machine running the other test files beside this one may need for an answer to show. */
const BUSY = { timeout: 5_000 }

beforeEach(() => {
  localStorage.clear()
  pointScreenApi((path) => {
    if (path === '/api/counters_accumulated_data/') {
      return json({
        date: '2026-11-23',
        results: [
          {
            counter_id: 5,
            counter_serial_num: '50000001',
            parameter_name: 'A+',
            measurement: 'кВт·ч',
            day_start: 1234.5,
            day_start_date: '2026-11-23T00:00:05+03:00',
            half_past: 1236.25,
            half_past_date: '2026-11-23T00:30:04+03:00',
          },
        ],
      })
    }
    return undefined
  })
})
afterEach(() => vi.unstubAllGlobals())

describe('the point’s screen', () => {
  it('says a point that is not there is gone, with no «Повторить» that would fail again and no tabs', async () => {
    renderRoutes('/points/9999/edit', (app) => {
      const point = mount(PointRoute, '/points/$id', app)
      return [point.addChildren([createRoute({ getParentRoute: () => point, path: '/edit', component: () => <p>Основное точки</p> })])]
    })
    expect(await screen.findByText(T.notFoundGone, undefined, BUSY)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: T.retry })).toBeNull()
    expect(screen.queryByRole('navigation', { name: 'Разделы точки учёта' })).toBeNull()
    expect(screen.queryByText('Основное точки')).toBeNull()
  })

  // Found in the field: a point created offline is open as /points/-1/edit when the server takes it (as point 7);
  // the screen then said «Такой записи нет», as the server knows no point -1.
  it('follows a point created on the device to its server id once the create is accepted', async () => {
    await offlineDb().meta.put({ key: tempIdMetaKey('point', -1), value: 7 })
    const router = renderRoutes('/points/-1/edit', (app) => {
      const point = mount(PointRoute, '/points/$id', app)
      return [point.addChildren([createRoute({ getParentRoute: () => point, path: '/edit', component: () => <p>Основное точки</p> })])]
    })
    await waitFor(() => expect(router.state.location.pathname).toBe('/points/7/edit'), BUSY)
    expect(await screen.findByRole('heading', { name: 'ТП-7' }, BUSY)).toBeInTheDocument()
    expect(screen.queryByText(T.notFoundGone)).toBeNull()
  })

  it('has a tab of the readings at 0:00 and 0:30 that opens them', async () => {
    const user = userEvent.setup()
    const router = renderRoutes('/points/7/edit', (app) => {
      const point = mount(PointRoute, '/points/$id', app)
      return [
        point.addChildren([
          // The main tab stands in for the form, which is not what this test is about.
          createRoute({ getParentRoute: () => point, path: '/edit', component: () => <p>Основное точки</p> }),
          mount(PointCountersDataRoute, '/point_counters_data', () => point),
        ]),
      ]
    })
    const tabs = await screen.findByRole('navigation', { name: 'Разделы точки учёта' }, BUSY)
    // The data tabs show once the user's rights are known.
    const readings = await within(tabs).findByRole('button', { name: 'Показания 0:00 и 0:30' }, BUSY)
    expect(readings).not.toHaveAttribute('aria-current')
    await user.click(readings)
    await waitFor(() => expect(router.state.location.pathname).toBe('/points/7/point_counters_data'), BUSY)
    expect(readings).toHaveAttribute('aria-current', 'page')
    const table = await screen.findByRole('table', { name: 'Показания нарастающим итогом' }, BUSY)
    expect(await within(table).findByText('50000001', undefined, BUSY)).toBeInTheDocument()
    // Readings the Russian way, with their unit's decimals.
    expect(within(table).getByText('1 234,500')).toBeInTheDocument()
    expect(within(table).getByText('1 236,250')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: /Показания счётчиков на/ })).toBeInTheDocument()
  })

  // Found from the user's side: a user with only «Просмотр точек учёта» and «Просмотр счётчиков» got all eight tabs of
  // /points/18, six of which ended in a red «Не удалось загрузить … — Недостаточно прав».
  describe('for a user who may see points and meters but not their data', () => {
    const render = (path: string) => {
      signedInWith(['points.view', 'counters.view'], (path) => (path === '/api/points/7/' ? json(point({ counter_id: 5, has_counter: true })) : undefined))
      return renderRoutes(
        path,
        (app) => {
          const point = mount(PointRoute, '/points/$id', app)
          return [
            point.addChildren([
              createRoute({ getParentRoute: () => point, path: '/edit', component: () => <p>Основное точки</p> }),
              mount(PointSchedulerRoute, '/scheduler', () => point),
              mount(PointConsumptionRoute, '/consumption', () => point),
              mount(PointCountersDataRoute, '/point_counters_data', () => point),
            ]),
          ]
        },
        () => (
          <RightGate>
            <Outlet />
          </RightGate>
        ),
      )
    }

    /** Until the user's rights are known every right looks missing. */
    const rightsKnown = async (router: ReturnType<typeof renderRoutes>) => {
      const { queryClient } = router.options.context as { queryClient: QueryClient }
      await waitFor(() => expect(queryClient.getQueryState(meQueryOptions().queryKey)?.status).toBe('success'), BUSY)
    }

    it('shows only the tabs the user may open', async () => {
      await rightsKnown(render('/points/7/edit'))
      const tabs = await screen.findByRole('navigation', { name: 'Разделы точки учёта' }, BUSY)
      expect(
        within(tabs)
          .getAllByRole('button')
          .map((tab) => tab.textContent),
      ).toEqual(['Основное', 'Счётчики'])
    })

    it('says «Нет доступа к этому экрану» for a data tab opened by its address, not a red load error', async () => {
      // Before the user's rights are known the gate shows the same text: wait for them.
      await rightsKnown(render('/points/7/consumption'))
      expect(await screen.findByText(T.screenForbidden, undefined, BUSY)).toBeInTheDocument()
      expect(screen.queryByText(/Не удалось загрузить/)).toBeNull()
    })
  })
})
