import { afterEach, describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import { Route as OutboxRoute } from '../../../src/client/routes/_app/outbox'
import { syncState } from '../../../src/client/app/sync'
import { offlineDb } from '../../../src/client/offline'
import { T } from '../../../src/shared/texts'
import { mount, renderRoutes, signedInWith } from '../app-routes'
import { COLLEAGUE, pointEdit } from '../offline/helpers'

afterEach(async () => {
  syncState.update({ online: true })
  await offlineDb().outbox.clear()
})

/** A colleague's remark, made on this tablet before they signed out. */
const theirs = pointEdit({
  author: COLLEAGUE,
  authorName: 'Ольга Смирнова',
  attempts: 5,
  lastError: { message: T.outboxRetryNoConnection },
})

// Field probe: a viewer with only a colleague's edits on the tablet read that they «будут отправлены, когда связь
// появится», and each card «Ожидает отправки»; only the colleague's next sign-in sends them.
describe('the outbox page out of the server’s reach', () => {
  it('promises no sending of other users’ edits: they wait for their author', async () => {
    signedInWith(['points.view'])
    syncState.update({ online: false })
    await offlineDb().outbox.add(theirs)
    renderRoutes('/outbox', (app) => [mount(OutboxRoute, '/outbox', app)])
    expect(await screen.findByText(T.outboxForeign('Ольга Смирнова'))).toBeInTheDocument()
    expect(screen.getByText(T.offline)).toBeInTheDocument()
    expect(screen.queryByText(T.outboxOffline)).toBeNull()
    expect(screen.getByText(T.outboxForeignPending)).toBeInTheDocument()
    expect(screen.queryByText(T.outboxPending)).toBeNull()
  })
})
