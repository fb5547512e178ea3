import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router'
import { RepresentTree } from '../../../../src/client/features/represents/components/represent-tree'
import { T } from '../../../../src/shared/texts'
import { signedInWith, json } from '../../app-routes'
import { renderRouter } from '../../render-in-app'

// Found by a report-only UX probe: a filter of the side menu's objects that matched nothing left the tree blank,
// with no word of why.

afterEach(() => vi.unstubAllGlobals())

describe('the filter of the object tree', () => {
  it('says «Объекты не найдены» when no object matches, and shows the objects that do', async () => {
    const objects = [
      { represent_id: 1, parent_id: null, name: 'Подстанция 110 кВ' },
      { represent_id: 2, parent_id: 1, name: 'ТП-214' },
    ]
    signedInWith([], (path) => (path === '/api/represents/all/' ? json({ results: objects }) : undefined))
    const rootRoute = createRootRoute({ component: () => <RepresentTree canChange={false} /> })
    renderRouter(createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) }))
    await screen.findByText('Подстанция 110 кВ')
    const filter = screen.getByRole('textbox', { name: 'Фильтр объектов' })

    await userEvent.type(filter, 'щщщ')
    expect(await screen.findByText(T.objectsNotFound)).toBeInTheDocument()
    expect(screen.queryByText('Подстанция 110 кВ')).toBeNull()

    await userEvent.clear(filter)
    await userEvent.type(filter, '214')
    expect(await screen.findByText('Подстанция 110 кВ')).toBeInTheDocument()
    expect(screen.queryByText(T.objectsNotFound)).toBeNull()
  })
})
