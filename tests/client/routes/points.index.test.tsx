import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { Route as PointsRoute } from '../../../src/client/routes/_app/points.index'
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

  it('offers the edit to a user who may change points', async () => {
    signedInWith(['points.view', 'points.change'], onePoint)
    render()
    expect(await screen.findByRole('link', { name: 'Изменить ТП-7' })).toBeTruthy()
  })
})
