import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRoute, Link, useNavigate, useSearch } from '@tanstack/react-router'
import { useLeaveGuard } from '../../../../src/client/components/ui/use-leave-guard'
import { T } from '../../../../src/shared/texts'
import { renderRoutes, signedInWith } from '../../app-routes'

afterEach(() => vi.unstubAllGlobals())

/** A list screen with a dialog of unsaved changes open: its search box still types, its menu still leads away. */
function ListWithDirtyDialog() {
  useLeaveGuard(true)
  const navigate = useNavigate()
  const { search } = useSearch({ strict: false }) as { search?: string }
  return (
    <>
      <p>Поиск: {search ?? '—'}</p>
      <button type="button" onClick={() => void navigate({ to: '.', search: { search: '400' } })}>
        Искать
      </button>
      <Link to="/users">Другой экран</Link>
    </>
  )
}

// Found by a report-only field probe: on /counters the search, applied half a second after the typing, met a meter's
// edit dialog opened meanwhile and asked «Уйти со страницы и потерять их?»: leaving dropped the edit, staying the search.
describe('the question before unsaved changes are left', () => {
  it('is not asked when only the search of the screen changes, and is when the screen is left', async () => {
    signedInWith([])
    renderRoutes('/list', (app) => [
      createRoute({ getParentRoute: app, path: '/list', component: ListWithDirtyDialog }),
      createRoute({ getParentRoute: app, path: '/users', component: () => <p>Другой экран открыт</p> }),
    ])
    await userEvent.click(await screen.findByRole('button', { name: 'Искать' }))
    expect(await screen.findByText('Поиск: 400')).toBeInTheDocument()
    expect(screen.queryByText(T.leaveUnsaved)).toBeNull()
    await userEvent.click(screen.getByRole('link', { name: 'Другой экран' }))
    expect(await screen.findByText(T.leaveUnsaved)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: T.leave }))
    await waitFor(() => expect(screen.getByText('Другой экран открыт')).toBeInTheDocument())
  })
})
