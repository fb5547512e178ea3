import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route as MonitoringRoute } from '../../../src/client/routes/_app/monitoring'
import { json, task } from '../app-routes'
import { renderInApp } from '../render-in-app'
import { T } from '../../../src/shared/texts'

// Issue 20 point 14: monitoring's own refresh value is typed freely and held to 10–600 s only when the field is left.

let monitored: unknown[] = []

beforeEach(() => {
  monitored = []
  localStorage.clear()
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = input.split('?')[0]!
      if (path === '/api/monitoring/') return json(monitored)
      if (path === '/api/monitoring/clocks/') return json([])
      return json({ detail: 'Не найдено' }, 404)
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

const MonitoringPage = MonitoringRoute.options.component!

function renderPage() {
  renderInApp(<MonitoringPage />)
  return { own: screen.getByRole('textbox', { name: 'Своё значение, с' }), period: screen.getByRole('combobox', { name: 'Обновление, с' }) }
}

const stored = () => (JSON.parse(localStorage.getItem('monitoring-settings') ?? '{}') as { refreshSeconds?: number }).refreshSeconds

describe('monitoring’s own refresh value', () => {
  it('keeps what is typed while typing and applies it when the field is left', async () => {
    const user = userEvent.setup()
    const { own, period } = renderPage()
    expect(own).toHaveAttribute('inputmode', 'numeric')
    await user.type(own, '45')
    // '4' alone is below the limit: it is not turned into 10 under the typing fingers.
    expect(own).toHaveValue('45')
    expect(period).toHaveDisplayValue('Выключено')
    await user.tab()
    expect(period).toHaveDisplayValue('45')
    expect(own).toHaveValue('45')
    expect(stored()).toBe(45)
  })

  it('brings a value outside 10–600 s to the nearest limit on leaving, and says the limits in Russian', async () => {
    const user = userEvent.setup()
    const { own, period } = renderPage()
    expect(screen.getByText('От 10 до 600 с; пусто — без обновления')).toBeInTheDocument()
    await user.type(own, '5')
    expect(own).toHaveValue('5')
    await user.tab()
    expect(own).toHaveValue('10')
    expect(period).toHaveDisplayValue('10')
    expect(screen.getByText('Допустимо от 10 до 600 с: установлено 10')).toBeInTheDocument()

    await user.clear(own)
    await user.type(own, '9000')
    expect(own).toHaveValue('9000')
    await user.keyboard('{Enter}')
    expect(own).toHaveValue('600')
    expect(period).toHaveDisplayValue('600')
    expect(screen.getByText('Допустимо от 10 до 600 с: установлено 600')).toBeInTheDocument()
    expect(stored()).toBe(600)

    // Emptied, the refresh is off.
    await user.clear(own)
    await user.tab()
    expect(period).toHaveDisplayValue('Выключено')
    expect(stored()).toBe(0)
  })

  it('keeps text that is no whole number as typed and says what to type, changing nothing', async () => {
    const user = userEvent.setup()
    const { own, period } = renderPage()
    await user.type(own, '12abc')
    expect(own).toHaveValue('12abc')
    await user.tab()
    expect(own).toHaveValue('12abc')
    expect(screen.getByText(T.mustBeInteger)).toBeInTheDocument()
    expect(own).toHaveAttribute('aria-invalid', 'true')
    expect(period).toHaveDisplayValue('Выключено')
    expect(stored() ?? 0).toBe(0)

    await user.clear(own)
    await user.type(own, '30{Enter}')
    expect(screen.queryByText(T.mustBeInteger)).toBeNull()
    expect(period).toHaveDisplayValue('30')

    // A period chosen from the list replaces a text that was no number, and its message.
    await user.clear(own)
    await user.type(own, '4o')
    await user.tab()
    expect(screen.getByText(T.mustBeInteger)).toBeInTheDocument()
    await user.selectOptions(period, '60')
    expect(own).toHaveValue('60')
    expect(screen.queryByText(T.mustBeInteger)).toBeNull()
  })

  it('follows a period chosen from the list', async () => {
    const user = userEvent.setup()
    const { own, period } = renderPage()
    await user.selectOptions(period, '60')
    expect(own).toHaveValue('60')
  })
})

describe('the last polls of a failing task', () => {
  it('open by a tap or the keyboard as a list with each poll’s time, outcome and reason', async () => {
    monitored = [
      {
        ...task({ counter_task_id: 4 }),
        status: 'UNSTABLE',
        last_tasks: [
          { task_log_id: 11, start_date: '2026-11-23T10:30:00', success: false, partial: false, text: 'Счётчик не отвечает' },
          { task_log_id: 10, start_date: '2026-11-23T10:00:00', success: true, partial: false, text: '' },
        ],
      },
    ]
    const user = userEvent.setup()
    renderInApp(<MonitoringPage />)
    const polls = await screen.findByRole('button', { name: 'Последние опросы задания 4: с ошибкой 1 из 2' })
    polls.focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('Последние опросы задания 4')
    const list = within(dialog).getByRole('list')
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['23.11.2026 10:30 — Ошибка: Счётчик не отвечает', '23.11.2026 10:00 — Выполнено'])
    // Focus goes to the list's scrolling box: the arrow and page keys scroll a long one.
    await vi.waitFor(() => expect(document.activeElement).toBe(list.parentElement))
    expect(list.parentElement).toHaveStyle({ overflowY: 'auto' })
  })
})
