import { describe, expect, it } from 'vitest'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ChakraProvider } from '@chakra-ui/react'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import * as v from 'valibot'
import { appSystem } from '../../../src/client/app/system'
import { TimeChart, type ChartSeries } from '../../../src/client/components/charts/time-chart'
import { PeriodPicker, useChartPeriod } from '../../../src/client/components/charts/period-picker'
import { periodSearchEntries, resolvePeriod } from '../../../src/client/components/charts/period'

// Issue 20 point 9: charts to work with. Every chart of the console draws through TimeChart and picks its period with
// PeriodPicker, so these tests hold for the object's balance, the point's profile and its consumption alike.

const at = (hour: number, minute = 0) => new Date(2024, 2, 1, hour, minute)
const RED = '#e53e3e'
const BLUE = '#3182ce'
const series: ChartSeries[] = [
  {
    key: 'in',
    name: 'Приём',
    unit: 'кВт·ч',
    color: RED,
    points: [
      { x: at(10), y: 100_000 },
      { x: at(10, 30), y: 12_345.678 },
      { x: at(11), y: null },
      { x: at(11, 30), y: 20_000 },
      { x: at(12), y: 22_000 },
      { x: at(12, 30), y: 30_000, estimated: true },
    ],
  },
  {
    key: 'p1',
    name: 'Ввод 1',
    unit: 'кВт·ч',
    color: BLUE,
    points: [at(10), at(10, 30), at(11), at(11, 30), at(12), at(12, 30)].map((x, i) => ({ x, y: 1000 * (i + 1) })),
  },
]

const showChart = () =>
  render(
    <ChakraProvider value={appSystem()}>
      <TimeChart title="График профиля объекта" series={series} step={30 * 60_000} />
    </ChakraProvider>,
  )

/** Victory writes a colour in the style as the browser reads it back. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`
const pathsOf = (hex: string) => [...document.querySelectorAll('path')].filter((p) => p.style.stroke === rgb(hex) && p.getAttribute('d'))
const spaces = (text: string | null) => (text ?? '').replace(/[\s\u00a0\u202f]/g, ' ')

describe('a chart of the console', () => {
  it('hides and shows a series from its legend entry, by mouse and by keyboard', async () => {
    showChart()
    const entry = screen.getByRole('button', { name: /Ввод 1/ })
    expect(entry).toHaveAttribute('aria-pressed', 'true')
    expect(pathsOf(BLUE).length).toBeGreaterThan(0)
    await userEvent.click(entry)
    expect(entry).toHaveAttribute('aria-pressed', 'false')
    expect(pathsOf(BLUE)).toHaveLength(0)
    expect(pathsOf(RED).length).toBeGreaterThan(0)
    entry.focus()
    await userEvent.keyboard('{Enter}')
    expect(entry).toHaveAttribute('aria-pressed', 'true')
    expect(pathsOf(BLUE).length).toBeGreaterThan(0)
  })

  it('breaks the line where a value is missing and draws an estimated interval apart', () => {
    showChart()
    // The chart's own line (the overview below draws it once more): 10:00-10:30 and 11:30-12:00; 12:00-12:30 is estimated.
    const solid = pathsOf(RED).filter((p) => !p.style.strokeDasharray)[0]!
    expect(solid.getAttribute('d')!.match(/M/g)).toHaveLength(2)
    const estimated = pathsOf(RED).filter((p) => p.style.strokeDasharray)
    expect(estimated).toHaveLength(1)
    expect(estimated[0]!.getAttribute('d')!.match(/M/g)).toHaveLength(1)
  })

  it('tells the values of every series at a moment the Russian way, with a crosshair', () => {
    showChart()
    const chart = screen.getByRole('group', { name: 'График профиля объекта' })
    act(() => chart.focus())
    fireEvent.keyDown(chart, { key: 'ArrowRight' })
    fireEvent.keyDown(chart, { key: 'ArrowRight' })
    const tooltip = screen.getByRole('tooltip')
    expect(spaces(tooltip.textContent)).toContain('01.03.2024 10:30')
    expect(spaces(within(tooltip).getByText(/Приём/).closest('li')!.textContent)).toContain('12 345,678 кВт·ч')
    expect(
      spaces(
        within(tooltip)
          .getByText(/Ввод 1/)
          .closest('li')!.textContent,
      ),
    ).toContain('2 000,000 кВт·ч')
    expect(document.querySelector('[data-crosshair]')).not.toBeNull()
    fireEvent.keyDown(chart, { key: 'ArrowRight' })
    expect(within(screen.getByRole('tooltip')).getByText(/Приём/).closest('li')!.textContent).toContain('нет данных')
    fireEvent.keyDown(chart, { key: 'Escape' })
    expect(screen.queryByRole('tooltip')).toBeNull()
  })

  it('gives a value its unit’s decimals in the tooltip and the read-out, not a float’s', () => {
    // A point's power profile as the API sums it: a float's tail, and values with fewer decimals than their unit's.
    render(
      <ChakraProvider value={appSystem()}>
        <TimeChart
          title="Профиль мощности"
          kind="bar"
          step={30 * 60_000}
          series={[
            {
              key: '1',
              name: 'Достоверные',
              unit: 'кВт',
              color: BLUE,
              points: [
                { x: at(10), y: 12.300000000000001 },
                { x: at(10, 30), y: 617.25 },
              ],
            },
          ]}
        />
      </ChakraProvider>,
    )
    const chart = screen.getByRole('group', { name: 'Профиль мощности' })
    act(() => chart.focus())
    fireEvent.keyDown(chart, { key: 'ArrowRight' })
    expect(spaces(within(screen.getByRole('tooltip')).getByRole('listitem').textContent)).toBe('Достоверные:12,300 кВт')
    fireEvent.keyDown(chart, { key: 'ArrowRight' })
    expect(spaces(within(screen.getByRole('tooltip')).getByRole('listitem').textContent)).toBe('Достоверные:617,250 кВт')
    expect(spaces(chart.querySelector('[aria-live]')!.textContent)).toBe('01.03.2024 10:30: Достоверные 617,250 кВт')
  })

  it('writes its axes with a space between thousands and a decimal comma, never «100,000»', () => {
    showChart()
    const labels = [...document.querySelectorAll('svg text')].map((t) => spaces(t.textContent))
    expect(labels).toContain('100 000')
    expect(labels.some((l) => /\d,\d{3}(?!\d)/.test(l))).toBe(false)
    expect(labels).toContain('10:00')
  })

  it('zooms to a range and back with «Сбросить масштаб»', async () => {
    showChart()
    const reset = screen.getByRole('button', { name: 'Сбросить масштаб' })
    expect(reset).toBeDisabled()
    const chart = screen.getByRole('group', { name: 'График профиля объекта' })
    const ticks = () => [...chart.querySelectorAll('svg text')].map((t) => t.textContent).filter((t) => t?.includes(':'))
    expect(ticks()).toContain('10:00')
    // The keys zoom around the crosshair (the pointer brushes the overview): a half of 10:00-12:30 around 11:30.
    act(() => chart.focus())
    fireEvent.keyDown(chart, { key: 'End' })
    fireEvent.keyDown(chart, { key: 'ArrowLeft' })
    fireEvent.keyDown(chart, { key: 'ArrowLeft' })
    fireEvent.keyDown(chart, { key: '+' })
    expect(reset).toBeEnabled()
    expect(ticks()).not.toContain('10:00')
    await userEvent.click(reset)
    expect(reset).toBeDisabled()
    expect(ticks()).toContain('10:00')
  })
})

describe('the period of a chart', () => {
  it('resolves the presets from today: the week starts on Monday', () => {
    const today = new Date(2024, 2, 13, 15, 0) // a Wednesday
    expect(resolvePeriod({ period: 'today' }, null, today)).toEqual({ beginDate: '2024-03-13', endDate: '2024-03-13' })
    expect(resolvePeriod({ period: 'yesterday' }, null, today)).toEqual({ beginDate: '2024-03-12', endDate: '2024-03-12' })
    expect(resolvePeriod({ period: 'week' }, null, today)).toEqual({ beginDate: '2024-03-11', endDate: '2024-03-13' })
    expect(resolvePeriod({ period: 'month' }, null, today)).toEqual({ beginDate: '2024-03-01', endDate: '2024-03-13' })
    expect(resolvePeriod({ period: 'prev_month' }, null, today)).toEqual({ beginDate: '2024-02-01', endDate: '2024-02-29' })
    expect(resolvePeriod({ period: 'custom', from: '2024-01-05', to: '2024-01-09' }, null, today)).toEqual({ beginDate: '2024-01-05', endDate: '2024-01-09' })
    expect(resolvePeriod({}, { beginDate: '2024-01-01', endDate: '2024-01-31' }, today)).toEqual({ beginDate: '2024-01-01', endDate: '2024-01-31' })
  })

  function showPicker(url = '/') {
    function Screen() {
      const period = useChartPeriod(null)
      return (
        <>
          <PeriodPicker period={period} />
          <output>{period.range ? `${period.range.beginDate}…${period.range.endDate}` : 'по умолчанию'}</output>
        </>
      )
    }
    const rootRoute = createRootRoute({ validateSearch: v.object(periodSearchEntries), component: Screen })
    const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [url] }) })
    render(
      <ChakraProvider value={appSystem()}>
        <RouterProvider router={router} />
      </ChakraProvider>,
    )
    return router
  }

  it('puts the chosen preset and the custom dates in the URL', async () => {
    const router = showPicker()
    const yesterday = await screen.findByRole('button', { name: 'Вчера' })
    expect(yesterday).toHaveAttribute('aria-pressed', 'false')
    await userEvent.click(yesterday)
    await waitFor(() => expect(router.state.location.search).toEqual({ period: 'yesterday' }))
    expect(yesterday).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(screen.getByRole('button', { name: 'Прошлый месяц' }))
    await waitFor(() => expect(router.state.location.search).toEqual({ period: 'prev_month' }))
    await userEvent.click(screen.getByRole('button', { name: 'Свой период' }))
    // The dates are written the Russian way, as in every date field of the console, whatever the browser's locale.
    await userEvent.type(screen.getByLabelText('С'), '{Control>}a{/Control}01.03.2024{Enter}')
    await waitFor(() => expect(screen.getByLabelText('С')).toHaveValue('01.03.2024'))
    await userEvent.type(screen.getByLabelText('По'), '{Control>}a{/Control}10.03.2024{Enter}')
    await waitFor(() => expect(router.state.location.search).toEqual({ period: 'custom', from: '2024-03-01', to: '2024-03-10' }))
    expect(screen.getByRole('status')).toHaveTextContent('2024-03-01…2024-03-10')
  })

  // Found by a UX probe: «По» 01.11.2026 under «С» 30.11.2026 moved «С» without a word.
  it('says so when a date moves the other end along, so that the period does not run backwards', async () => {
    const router = showPicker('/?period=custom&from=2026-11-30&to=2026-11-30')
    const to = await screen.findByLabelText('По')
    await userEvent.type(to, '{Control>}a{/Control}01.11.2026{Enter}')
    await waitFor(() => expect(router.state.location.search).toEqual({ period: 'custom', from: '2026-11-01', to: '2026-11-01' }))
    expect(screen.getByLabelText('С')).toHaveAccessibleDescription(/Сдвинута на 01\.11\.2026/)

    await userEvent.type(screen.getByLabelText('С'), '{Control>}a{/Control}05.11.2026{Enter}')
    await waitFor(() => expect(router.state.location.search).toEqual({ period: 'custom', from: '2026-11-05', to: '2026-11-05' }))
    expect(screen.getByLabelText('По')).toHaveAccessibleDescription(/Сдвинута на 05\.11\.2026/)
    expect(screen.getByLabelText('С')).not.toHaveAccessibleDescription(/Сдвинута на 01\.11\.2026/)
  })

  it('reads the period back from the URL after a reload', async () => {
    showPicker('/?period=custom&from=2024-01-05&to=2024-01-09')
    expect(await screen.findByRole('button', { name: 'Свой период' })).toHaveAttribute('aria-pressed', 'true')
    expect(screen.getByLabelText('С')).toHaveValue('05.01.2024')
    expect(screen.getByRole('status')).toHaveTextContent('2024-01-05…2024-01-09')
  })
})
