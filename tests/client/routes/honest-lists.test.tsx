import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route as MonitoringRoute } from '../../../src/client/routes/_app/monitoring'
import { TasksTable } from '../../../src/client/features/collection/components/tasks-table'
import { T } from '../../../src/shared/texts'
import { json, task } from '../app-routes'
import { renderInApp } from '../render-in-app'

// Issue 20 point 2: a screen that does not know says so, and a task's state and health are shown apart.

const html = (status: number) => new Response('<html><body><h1>Internal Server Error</h1></body></html>', { status, headers: { 'Content-Type': 'text/html' } })

let monitoring: () => Response

beforeEach(() => {
  localStorage.clear()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = input.split('?')[0]!
      if (path === '/api/monitoring/') return monitoring()
      return json({ detail: 'Не найдено' }, 404)
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

const MonitoringPage = MonitoringRoute.options.component!

describe('monitoring when its data cannot be loaded', () => {
  it('says in Russian that it does not know, never the empty state or the server page', async () => {
    monitoring = () => html(500)
    renderInApp(<MonitoringPage />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(T.monitoringLoadFailed)
    expect(alert).toHaveTextContent(T.serverFailed)
    // The advice is said once: the message already says to tell the administrator (a user probe read it twice).
    expect(alert.textContent!.split('сообщите администратору')).toHaveLength(2)
    expect(within(alert).getByRole('button', { name: 'Повторить' })).toBeInTheDocument()
    expect(screen.queryByText(T.noFailedTasks)).not.toBeInTheDocument()
    expect(document.body).not.toHaveTextContent('Internal Server Error')
  })

  it('shows a missing right without a retry that would fail the same way', async () => {
    monitoring = () => json({ detail: T.forbidden }, 403)
    renderInApp(<MonitoringPage />)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(T.noRightToView)
    expect(within(alert).queryByRole('button', { name: 'Повторить' })).not.toBeInTheDocument()
    expect(screen.queryByText(T.noFailedTasks)).not.toBeInTheDocument()
  })

  it('shows the loading state, not «all clear», while the answer is on its way, and the empty state once it is', async () => {
    let answer: (response: Response) => void = () => {}
    monitoring = () => new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response
    renderInApp(<MonitoringPage />)
    await screen.findByRole('table', { name: 'Задания с ошибками' })
    expect(screen.queryByText(T.noFailedTasks)).not.toBeInTheDocument()
    answer(json([]))
    expect(await screen.findByText(T.noFailedTasks)).toBeInTheDocument()
  })

  it('retries on request and then shows what the server answered', async () => {
    monitoring = () => html(502)
    renderInApp(<MonitoringPage />)
    const alert = await screen.findByRole('alert')
    monitoring = () => json([])
    await userEvent.click(within(alert).getByRole('button', { name: 'Повторить' }))
    expect(await screen.findByText(T.noFailedTasks)).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})

describe('the tasks list', () => {
  it('shows a working task whose polls all fail as failing, next to its state', async () => {
    const failing = task({ counter_task_id: 1, last_values: { success: false, date: '2026-11-23T10:00:00Z' }, consecutive_failures: 12 })
    const healthy = task({ counter_task_id: 2, counter_num: '50000002', last_values: { success: true, date: '2026-11-23T10:00:00Z' } })
    const fresh = task({ counter_task_id: 3, counter_num: '50000003' })
    renderInApp(<TasksTable table={{ rows: [failing, healthy, fresh], loading: false }} />)
    const rows = within(await screen.findByRole('table', { name: 'Задания опроса' }))
      .getAllByRole('row')
      .slice(1)
    expect(rows[0]).toHaveTextContent('Работает')
    expect(rows[0]).toHaveTextContent(T.taskHealthFailing(12))
    expect(rows[1]).toHaveTextContent('Работает')
    expect(rows[1]).toHaveTextContent(T.taskHealthOk)
    expect(rows[2]).toHaveTextContent(T.taskHealthUnknown)
  })
})
