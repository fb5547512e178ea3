import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Route as RepresentRoute } from '../../../src/client/routes/_app/represents.$representId'
import type { Represent } from '../../../src/shared/schemas/represents'
import { T } from '../../../src/shared/texts'
import { json, ME, mount, renderRoutes } from '../app-routes'

// The object's «Показания» read the days chosen on «График» and «Таблица» (the URL's period), not the saved ones.

/** What a machine running the other test files beside this one may need for an answer to show. */
const BUSY = { timeout: 5_000 }

/** Saved with February: a tab that reads the object's own period asks for February. */
const REPRESENT: Represent = {
  represent_id: 5,
  parent_id: null,
  name: 'ТП-5',
  remark: '',
  lost_color: '#e53e3e',
  check_health: false,
  health_check_ip: '',
  health_check_port: null,
  period_type: 'selected',
  period_begin: '2024-02-01',
  period_end: '2024-02-29',
  energy_format: 'kvch',
  energy_type: 'straight',
  reactive_energy: false,
  show_lost: true,
  show_lost_in_percentage: false,
  round_val: 'roundWith2',
  allowed_imbalance: 5,
}

const VALUES = {
  headers: [
    { key: 'time', title: 'Дата' },
    { key: '7', title: 'Ввод', point_id: 7, unit: 'кВт·ч' },
  ],
  items: [{ time: '2024-03-01T00:00:00+03:00', values: { '7': 1234.5 }, missing: [] }],
}

let asked: URL[]

let checked = false
let children: Represent['children'] = []

beforeEach(() => {
  localStorage.clear()
  asked = []
  checked = false
  children = []
  URL.createObjectURL = vi.fn(() => 'blob:csv')
  URL.revokeObjectURL = vi.fn()
  // jsdom cannot follow the download link.
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://console')
      asked.push(url)
      if (url.pathname === '/api/users/me/') return json(ME)
      if (url.pathname === '/api/represents/5/')
        return json(checked ? { ...REPRESENT, check_health: true, health_check_ip: '10.0.0.5', health_check_port: 4001 } : { ...REPRESENT, children })
      if (url.pathname === '/api/represent_health_check/') return json({ 5: false })
      if (url.pathname === '/api/represents/5/points_counters_values/') return json(VALUES)
      if (url.pathname === '/api/represents/5/points_counter_values_csv/') return new Response('Дата\r\n')
      return json({ detail: 'Не найдено' }, 404)
    }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const datesOf = (path: string) =>
  asked.filter((url) => url.pathname === path).map((url) => `${url.searchParams.get('beginDate')}…${url.searchParams.get('endDate')}`)

// Found by a report-only UX probe: an object whose host did not answer showed «Нет связи», the words of the console's
// own offline badge, beside «В сети» in the header.
describe('the object’s health', () => {
  it('names the object when its host does not answer, in other words than the console offline', async () => {
    checked = true
    renderRoutes('/represents/5', (app) => [mount(RepresentRoute, '/represents/$representId', app)])
    expect(await screen.findByText(T.healthLost)).toBeInTheDocument()
    expect(T.healthLost).not.toBe(T.noConnection)
    expect(T.healthLost).toMatch(/объект/)
  })
})

describe('the object’s «Показания»', () => {
  it('shows and downloads the period chosen on the page, and says which it is', async () => {
    renderRoutes('/represents/5?tab=values&period=custom&from=2024-03-01&to=2024-03-05', (app) => [mount(RepresentRoute, '/represents/$representId', app)])
    expect(await screen.findByRole('table', { name: 'Показания счётчиков' }, BUSY)).toBeInTheDocument()
    expect(datesOf('/api/represents/5/points_counters_values/')).toEqual(['2024-03-01…2024-03-05'])
    expect(screen.getByText('01.03.2024 — 05.03.2024')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Свой период' })).toHaveAttribute('aria-pressed', 'true')

    await userEvent.click(screen.getByRole('button', { name: 'Скачать CSV' }))
    await waitFor(() => expect(datesOf('/api/represents/5/points_counter_values_csv/')).toEqual(['2024-03-01…2024-03-05']))
  })

  it('reads the object’s saved period when the page has none', async () => {
    renderRoutes('/represents/5?tab=values', (app) => [mount(RepresentRoute, '/represents/$representId', app)])
    expect(await screen.findByRole('table', { name: 'Показания счётчиков' }, BUSY)).toBeInTheDocument()
    expect(datesOf('/api/represents/5/points_counters_values/')).toEqual(['2024-02-01…2024-02-29'])
    expect(screen.getByText('01.02.2024 — 29.02.2024')).toBeInTheDocument()
  })
})

// Found by a report-only UX probe: «Вы действительно хотите удалить этот объект?» named no object, and said nothing of
// its sub-objects, which the database deletes with it.
describe('deleting an object', () => {
  it('names it, and the sub-objects that go with it, and says that the points stay', async () => {
    children = [
      { represent_id: 6, parent_id: 5, name: 'ТП-118' },
      { represent_id: 7, parent_id: 5, name: 'ТП-214' },
    ]
    renderRoutes('/represents/5?tab=settings', (app) => [mount(RepresentRoute, '/represents/$representId', app)])
    await userEvent.click(await screen.findByRole('button', { name: /Удалить объект/ }))
    const dialog = await screen.findByRole('alertdialog')
    expect(within(dialog).getByRole('heading')).toHaveTextContent('Удалить объект «ТП-5»?')
    expect(dialog).toHaveTextContent(T.confirmDeleteObject)
    expect(dialog).toHaveTextContent(T.deleteObjectNested(['«ТП-118»', '«ТП-214»']))
    expect(dialog).toHaveTextContent(T.deleteObjectKeepsPoints)
  })
})

// Found by a report-only UX probe: «Округление» offered «1 знак(а) после запятой».
describe('the object’s rounding', () => {
  it('counts the decimals in proper Russian', async () => {
    renderRoutes('/represents/5?tab=settings', (app) => [mount(RepresentRoute, '/represents/$representId', app)])
    const rounding = await screen.findByRole('combobox', { name: 'Округление' }, BUSY)
    const labels = within(rounding)
      .getAllByRole('option')
      .map((option) => option.textContent)
    expect(labels).toEqual(expect.arrayContaining(['1 знак после запятой', '2 знака после запятой', '5 знаков после запятой']))
    expect(labels.join()).not.toContain('(а)')
  })
})
