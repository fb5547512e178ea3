import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { Route as PointProfileRoute } from '../../../src/client/routes/_app/points.$id.profile'
import { T } from '../../../src/shared/texts'
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
