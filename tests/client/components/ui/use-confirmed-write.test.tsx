import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { T } from '../../../../src/shared/texts'
import { useConfirmedDelete } from '../../../../src/client/components/ui/use-confirmed-write'
import { toaster } from '../../../../src/client/components/ui/notify'
import { api } from '../../../../src/client/lib/api-client'
import { renderInApp } from '../../render-in-app'

type Point = { point_id: number; name: string }

function Harness() {
  const remove = useConfirmedDelete({ mutateAsync: (p: Point) => api(`/api/points/${p.point_id}/`, { method: 'DELETE' }) }, T.deleteWhat.point, (p) => p.name)
  return (
    <button type="button" onClick={() => void remove({ point_id: 7, name: 'Ввод-1' })}>
      Удалить Ввод-1
    </button>
  )
}

// Found by a report-only UX probe: a delete or another confirmed action without the server said only «Нет связи с
// сервером», not that nothing was done nor what to do.
describe('a confirmed write while the server cannot be reached', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
    toaster.remove()
  })

  it('says that it was not done and what to do', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')))
    renderInApp(<Harness />)
    await userEvent.click(screen.getByRole('button', { name: 'Удалить Ввод-1' }))
    const dialog = await screen.findByRole('alertdialog', { name: T.confirmDeleteTitle(T.deleteWhat.point, 'Ввод-1') })
    await userEvent.click(within(dialog).getByRole('button', { name: T.delete }))
    await waitFor(() => expect(toaster.getVisibleToasts().map((toast) => toast.title)).toEqual([T.notDoneOffline]))
  })
})
