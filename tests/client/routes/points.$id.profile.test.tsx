import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { Route as PointProfileRoute } from '../../../src/client/routes/_app/points.$id.profile'
import { INTERVAL_STATUS } from '../../../src/shared/metering'
import { T } from '../../../src/shared/texts'
import { json } from '../app-routes'
import { pointScreenApi, renderPointTab } from '../point-screen'

/*
 * UX probe: while a slow server had not yet said which parameters the point has, the «Параметр» select said
 * «Нет данных для отображения», twice (as its text and as the help text below it).
 */
beforeEach(() =>
  // The parameters never come.
  pointScreenApi((path) => (path === '/api/counters_data/available_params/' ? new Promise<Response>(() => undefined) : undefined)),
)
afterEach(() => vi.unstubAllGlobals())

describe('a point’s power profile while its parameters load', () => {
  it('says it is loading, once, and not that there are no data', async () => {
    renderPointTab('/points/7/profile', PointProfileRoute, '/profile')
    const select = (await screen.findByRole('combobox', { name: 'Параметр' }, { timeout: 5_000 })) as HTMLSelectElement
    expect(select.selectedOptions[0]?.text).toBe(T.loadingDots)
    expect(screen.queryByText(T.empty)).toBeNull()
    expect(screen.queryAllByText(T.loadingDots)).toHaveLength(1)
  })
})

describe('a point’s power profile with an incomplete half-hour', () => {
  it('draws it apart from the valid ones, under its own legend entry', async () => {
    pointScreenApi((path) => {
      if (path === '/api/counters_data/available_params/') return json([{ parameter_id: 1, name: 'A+', measurement: 'кВт·ч' }])
      if (path !== '/api/counters_profile_data/') return undefined
      return json({
        parameter_name: 'A+',
        measurement: 'кВт·ч',
        interval: 30,
        items: [
          { date: '2026-11-10T07:00:00.000Z', value: 1, status: INTERVAL_STATUS.VALID },
          { date: '2026-11-10T07:30:00.000Z', value: 0.4, status: INTERVAL_STATUS.INCOMPLETE },
        ],
      })
    })
    renderPointTab('/points/7/profile', PointProfileRoute, '/profile')
    expect(await screen.findByRole('button', { name: new RegExp(T.veeStatus[INTERVAL_STATUS.INCOMPLETE]!) }, { timeout: 5_000 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: new RegExp(T.veeStatus[INTERVAL_STATUS.VALID]!) })).toBeInTheDocument()
  })
})
