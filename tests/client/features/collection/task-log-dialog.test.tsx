import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen } from '@testing-library/react'
import { TaskLogDialog } from '../../../../src/client/features/collection/components/task-log-dialog'
import { T } from '../../../../src/shared/texts'
import { json } from '../../app-routes'
import { renderInApp } from '../../render-in-app'

// A task's runs: a poll that read some groups only is told apart from a whole one.

const run = (id: number, success: boolean, partial: boolean, text: string) => ({
  task_log_id: id,
  start_date: `2026-11-20T0${id}:00:00.000Z`,
  end_date: `2026-11-20T0${id}:00:05.000Z`,
  success,
  partial,
  entries: [{ date: `2026-11-20T0${id}:00:05.000Z`, text }],
})

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      if (input.startsWith('/api/tasks_logs/?')) {
        const results = [
          run(3, true, true, T.poll.partial([T.poll.readGroups.instant])),
          run(2, true, false, 'Канал закрыт'),
          run(1, false, false, 'Нет ответа'),
        ]
        return json({ count: results.length, next: null, previous: null, results })
      }
      return new Response('{"detail":"Не найдено"}', { status: 404 })
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('the task log', () => {
  it('shows a run that read some groups only as done in part', async () => {
    renderInApp(<TaskLogDialog taskId={7} onClose={() => {}} />)
    const partly = await screen.findByText(T.taskDonePartly)
    expect(partly.closest('[data-run]')?.textContent).toContain(T.poll.partial([T.poll.readGroups.instant]))
    expect(screen.getAllByText(T.taskDone)).toHaveLength(1)
    expect(screen.getAllByText(T.taskFailed)).toHaveLength(1)
  })
})
