import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { Outlet } from '@tanstack/react-router'
import { RightGate } from '../../../../src/client/components/layout/right-gate'
import { Route as RepresentsNewRoute } from '../../../../src/client/routes/_app/represents.new'
import { Route as Report008Route } from '../../../../src/client/routes/_app/report-008'
import { Route as CountersRoute } from '../../../../src/client/routes/_app/counters'
import { T } from '../../../../src/shared/texts'
import { mount, renderRoutes, signedInWith } from '../../app-routes'

// Found from the user's side: a viewer who opened /represents/new or a report by its address got the whole form,
// and learned only on submitting that they may not.

afterEach(() => vi.unstubAllGlobals())

const render = (path: string) =>
  renderRoutes(
    path,
    (app) => [mount(RepresentsNewRoute, '/represents/new', app), mount(Report008Route, '/report-008', app), mount(CountersRoute, '/counters', app)],
    () => (
      <RightGate>
        <Outlet />
      </RightGate>
    ),
  )

describe('a screen that needs a right the user lacks', () => {
  it('says so in place of a form that would be refused', async () => {
    signedInWith(['represents.view'])
    render('/represents/new')
    expect(await screen.findByText(T.noRightToView)).toBeTruthy()
    expect(screen.queryByRole('heading', { name: 'Новый объект' })).toBeNull()
  })

  it('says so in place of a report form opened by its address', async () => {
    signedInWith(['points.view'])
    render('/report-008')
    expect(await screen.findByText(T.noRightToView)).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Сформировать/ })).toBeNull()
  })

  // Found on a shared tablet: a colleague with points.view alone opened «Счётчики» with the server gone and got the
  // device's copy, which the previous user's waiting edits keep there.
  it('says so in place of a list the device keeps a copy of, also with the server gone', async () => {
    signedInWith(['points.view'], (path) => {
      if (path === '/api/counters/') throw new TypeError('Failed to fetch')
      return undefined
    })
    render('/counters')
    expect(await screen.findByText(T.noRightToView)).toBeTruthy()
  })

  it('shows the form to a user who holds the right', async () => {
    signedInWith(['represents.view', 'represents.change'])
    render('/represents/new')
    expect(await screen.findByRole('heading', { name: 'Новый объект' })).toBeTruthy()
    expect(screen.queryByText(T.noRightToView)).toBeNull()
  })
})
