import { afterEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TaskStateButton } from '../../../../src/client/features/collection/components/task-state-button'
import { json, task } from '../../app-routes'
import { renderInApp } from '../../render-in-app'

// The first column of the tasks: a bare square outline read as an unticked row checkbox, and a dispatcher ticking
// rows stopped polling. The control says in words what it does.

afterEach(() => vi.unstubAllGlobals())

describe('the start and stop of a polling task', () => {
  it('says «Остановить» on a working task and stops it', async () => {
    const fetch = vi.fn(async (_input: string, _init?: RequestInit) => json(task({ counter_task_id: 7, state: 'stopped' })))
    vi.stubGlobal('fetch', fetch)
    renderInApp(<TaskStateButton task={task({ counter_task_id: 7, state: 'working' })} />)
    const stop = screen.getByRole('button', { name: 'Остановить задание 7' })
    expect(stop).toHaveTextContent('Остановить')
    expect(screen.queryByRole('checkbox')).toBeNull()
    await userEvent.click(stop)
    await waitFor(() => expect(fetch).toHaveBeenCalledWith(expect.stringContaining('/api/counters_tasks/7/stop_scheduler/'), expect.anything()))
  })

  it('says «Запустить» on a stopped or paused task', () => {
    renderInApp(
      <>
        <TaskStateButton task={task({ counter_task_id: 8, state: 'stopped' })} />
        <TaskStateButton task={task({ counter_task_id: 9, state: 'stopped_failed' })} />
      </>,
    )
    expect(screen.getByRole('button', { name: 'Запустить задание 8' })).toHaveTextContent('Запустить')
    expect(screen.getByRole('button', { name: 'Запустить задание 9' })).toHaveTextContent('Запустить')
    // the spec's yellow pause icon on a task paused after errors, the play icon on a stopped one
    expect(screen.getByRole('button', { name: 'Запустить задание 9' }).querySelector('.lucide-pause')).not.toBeNull()
    expect(screen.getByRole('button', { name: 'Запустить задание 8' }).querySelector('.lucide-play')).not.toBeNull()
  })
})
