import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Suspense, type ReactNode } from 'react'
import { ReferenceTablePage } from '../../../src/client/features/references/components/reference-table-page'
import { Route as AccountEmailsRoute } from '../../../src/client/routes/_app/account-emails'
import { Route as PointSchedulerRoute } from '../../../src/client/routes/_app/points.$id.scheduler'
import { json, ME, point, task } from '../app-routes'
import { renderPointTab } from '../point-screen'
import { T } from '../../../src/shared/texts'
import { renderInApp } from '../render-in-app'

// Issue 20 point 14: every list has a pager; a list longer than a page shows the first page and moves to the next.

/** What a machine running the other test files beside this one may need for an answer to show. */
const BUSY = { timeout: 5_000 }

let tasksAsked: URLSearchParams[]
const TASKS = Array.from({ length: 30 }, (_, i) => task({ counter_task_id: i + 1, counter_num: `Задание-${i + 1}` }))

const EMAILS = Array.from({ length: 30 }, (_, i) => ({
  account_email_id: i + 1,
  name: `Ящик ${i + 1}`,
  smtp_host: 'smtp.example.ru',
  smtp_port: 465,
  smtp_user: `user${i + 1}`,
  smtp_encryption: 'SSL',
  has_password: false,
}))

beforeEach(() => {
  localStorage.clear()
  tasksAsked = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = input.split('?')[0]!
      const query = new URLSearchParams(input.split('?')[1] ?? '')
      if (path === '/api/users/me/') return json(ME)
      if (path === '/api/account_emails/') return json({ count: EMAILS.length, results: EMAILS })
      if (path === '/api/counters_tasks/') {
        tasksAsked.push(query)
        const size = Number(query.get('per_page') ?? 25)
        const page = Number(query.get('page') ?? 1)
        return json({ count: TASKS.length, results: TASKS.slice((page - 1) * size, page * size) })
      }
      if (path === '/api/points/7/') return json(point())
      if (path.endsWith('/counters/') || path === '/api/represents/' || path === '/api/represents/tree/') return json({ count: 0, results: [] })
      return json({ detail: 'Не найдено' }, 404)
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

function renderWithProviders(node: ReactNode) {
  return renderInApp(<Suspense fallback={null}>{node}</Suspense>)
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1)

/** The table shows rows 1–25 of 30, and the pager moves it to rows 26–30; `text(n)` is a text of the n-th row. */
async function expectSecondPage(table: HTMLElement, text: (n: number) => string) {
  const user = userEvent.setup()
  await waitFor(() => expect(bodyRows(table)).toHaveLength(25), BUSY)
  expect(within(table).getByText(text(1))).toBeInTheDocument()
  expect(within(table).queryByText(text(26))).toBeNull()
  expect(screen.getByText('1–25 из 30')).toBeInTheDocument()
  await user.click(screen.getByRole('button', { name: 'Следующая страница' }))
  await waitFor(() => expect(within(table).getByText(text(26))).toBeInTheDocument(), BUSY)
  expect(within(table).getByText(text(30))).toBeInTheDocument()
  expect(within(table).queryByText(text(1))).toBeNull()
  expect(bodyRows(table)).toHaveLength(5)
  expect(screen.getByText('26–30 из 30')).toBeInTheDocument()
  expect(screen.getByText('2 / 2')).toBeInTheDocument()
  expect(screen.getByRole('button', { name: 'Следующая страница' })).toBeDisabled()
}

describe('lists longer than a page', () => {
  it('a reference book shows 25 rows and the rest on the second page', async () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ source_id: i + 1, name: `Источник ${i + 1}`, remark: '' }))
    renderWithProviders(
      <ReferenceTablePage
        title="Источники данных"
        query={{ queryKey: ['references', 'data_sources'], queryFn: async () => ({ results: rows }) }}
        columns={[{ key: 'name', header: 'Наименование' }]}
        rowKey={(s) => s.source_id}
        rowName={(s) => s.name}
        rowKind={T.deleteWhat.source}
        remove={async () => undefined}
        dialog={() => null}
      />,
    )
    await expectSecondPage(screen.getByRole('table', { name: 'Источники данных' }), (n) => `Источник ${n}`)
  })

  it('the mail accounts show 25 rows and the rest on the second page', async () => {
    const AccountEmailsPage = AccountEmailsRoute.options.component!
    renderWithProviders(<AccountEmailsPage />)
    await expectSecondPage(await screen.findByRole('table', { name: 'Почтовые аккаунты' }, BUSY), (n) => `Ящик ${n}`)
  })

  it('a point’s schedule asks the server for the next page', async () => {
    renderPointTab('/points/7/scheduler', PointSchedulerRoute, '/scheduler')
    const table = await screen.findByRole('table', { name: 'Задания опроса' }, { timeout: 10_000 })
    await expectSecondPage(table, (n) => `Задание-${n} (Меркурий 230 ART)`)
    expect(tasksAsked.at(-1)?.get('page')).toBe('2')
    expect(tasksAsked.at(-1)?.get('point_id')).toBe('7')
  })
})
