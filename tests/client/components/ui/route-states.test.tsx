import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { createRoute } from '@tanstack/react-router'
import RouteError from '../../../../src/client/components/ui/route-states'
import { ApiError } from '../../../../src/client/lib/api-client'
import { T } from '../../../../src/shared/texts'
import { renderRoutes } from '../../app-routes'

const occurrences = (text: string, part: string) => text.split(part).length - 1

describe('a screen whose data could not be loaded', () => {
  // UX probe: offline, the box said «Нет связи с сервером, а эти данные ещё не сохранены на устройстве», then
  // «Нет связи с сервером» again.
  it('offline, says once that there is no connection, that the data are not on the device, and how to retry', async () => {
    renderRoutes('/audit', (app) => [
      createRoute({
        getParentRoute: app,
        path: '/audit',
        loader: () => {
          throw new ApiError(0, null, T.offline)
        },
        errorComponent: RouteError,
        component: () => null,
      }),
    ])
    const said = (await screen.findByRole('alert')).textContent!
    expect(occurrences(said, T.offline)).toBe(1)
    expect(said).toContain(T.notOnDeviceOffline)
    expect(said).toContain(T.retryHint)
    expect(screen.getByRole('button', { name: T.retry })).toBeInTheDocument()
  })
})
