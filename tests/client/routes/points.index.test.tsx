import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { Route as PointsRoute } from '../../../src/client/routes/_app/points.index'
import { T } from '../../../src/shared/texts'
import { json, mount, point, renderRoutes, signedInWith } from '../app-routes'

// Found on a shared tablet: a user with points.view alone got «Изменить» on every point, which opened a form with no
// «Сохранить»; the point's name already leads to its card.

const onePoint = (path: string) => (path === '/api/points/' ? json({ count: 1, results: [point()] }) : undefined)
afterEach(() => vi.unstubAllGlobals())

const render = () => renderRoutes('/points', (app) => [mount(PointsRoute, '/points', app)])

describe('the points list', () => {
  it('offers no edit to a user who may only look, and the card through the name', async () => {
    signedInWith(['points.view'], onePoint)
    render()
    expect(await screen.findByRole('link', { name: 'ТП-7' })).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Изменить ТП-7' })).toBeNull()
  })

  // Found from the user's side: a card on the tablet showed «Счётчик» with nothing after it for a point with a meter,
  // and a lone triangle for one without, whose «На Точке учёта нет счётчика» lived in a title no finger can reach.
  it('says in words whether a point has a meter', async () => {
    signedInWith(['points.view'], (path) =>
      path === '/api/points/'
        ? json({ count: 2, results: [point({ has_counter: true }), point({ point_id: 8, name: 'ТП-8', point_number: 'PN-8', has_counter: false })] })
        : undefined,
    )
    render()
    expect(await screen.findByText(T.hasCounter)).toBeTruthy()
    expect(screen.getByText(T.noCounterShort)).toBeTruthy()
  })

  it('offers the edit to a user who may change points', async () => {
    signedInWith(['points.view', 'points.change'], onePoint)
    render()
    expect(await screen.findByRole('link', { name: 'Изменить ТП-7' })).toBeTruthy()
  })
})
