import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TasksTable } from '../../../../src/client/features/collection/components/tasks-table'
import { T } from '../../../../src/shared/texts'
import { signedInWith, task } from '../../app-routes'
import { renderInApp } from '../../render-in-app'

// Found by a report-only UX probe: deleting a task (as on eight more lists) asked only «Вы действительно хотите удалить
// эту строку?», which does not say which one; on a tablet the list has cards, not rows.

afterEach(() => vi.unstubAllGlobals())

describe('deleting a polling task', () => {
  it('names the meter whose task it deletes above the spec’s question, and deletes nothing when the user stays', async () => {
    signedInWith(['tasks.change'])
    renderInApp(<TasksTable table={{ rows: [task({ counter_task_id: 7, counter_num: '40000078' })], loading: false }} />)
    await userEvent.click(await screen.findByRole('button', { name: 'Удалить задание 7' }))
    const question = await screen.findByRole('alertdialog', { name: 'Удалить задание опроса счётчика «40000078»?' })
    expect(question).toHaveTextContent(T.confirmDeleteRow)
    await userEvent.click(within(question).getByRole('button', { name: T.cancel }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
    expect(vi.mocked(fetch).mock.calls.filter(([, init]) => init?.method === 'DELETE')).toEqual([])
  })
})
