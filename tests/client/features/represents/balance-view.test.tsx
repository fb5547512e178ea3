import { ChakraProvider } from '@chakra-ui/react'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { appSystem } from '../../../../src/client/app/system'
import { BalanceSummary } from '../../../../src/client/features/represents/components/balance-summary'
import { BalanceTable } from '../../../../src/client/features/represents/components/balance-table'
import { composeBalance } from '../../../../src/server/balance/compose'
import { emptySeries } from '../../../../src/server/balance/series'
import { T } from '../../../../src/shared/texts'

/* The object screen's balance as an engineer reads it, from the server's own arithmetic. */
const options = {
  energyFormat: 'kvch' as const,
  reactive: false,
  showLost: true,
  roundVal: 'roundWith2',
  lostColor: '#e53e3e',
  allowedImbalance: 5,
}
const buckets = [0, 1].map((i) => ({ start: Date.UTC(2024, 2, 1, 21) + i * 86_400_000, minutes: 1440, expected: 48 }))
const day = (values: number[]) => {
  const series = emptySeries(values.length)
  values.forEach((value, i) => {
    series.values[i] = value
    series.valid[i] = 48
  })
  return series
}

function show(data: ReturnType<typeof composeBalance>) {
  render(
    <ChakraProvider value={appSystem()}>
      <BalanceSummary summary={data.summary} showImbalance marks="table" />
      <BalanceTable label="Профиль объекта" table={data} roundVal={options.roundVal} formatTime={(t) => t.slice(0, 10)} />
    </ChakraProvider>,
  )
}

describe('the balance on the object screen', () => {
  it('shows Приём, Отдача, Небаланс, the total row, and marks the day beyond the allowed imbalance', () => {
    // Day 1: in 1000, out 980 (2 %); day 2: in 1000, out 900 (10 %, beyond 5 %). Period: 2000 - 1880 = 120, 6 %.
    const points = [
      { point_id: 1, name: 'Ввод', sign: 1, color: '#3182ce' },
      { point_id: 2, name: 'Фидер', sign: -1, color: '#38a169' },
    ]
    show(
      composeBalance(
        points,
        buckets,
        new Map([
          [1, day([1000, 1000])],
          [2, day([980, 900])],
        ]),
        options,
      ),
    )
    expect(screen.getByRole('region', { name: T.balancePeriod })).toHaveTextContent('Приём2 000 кВт·ч')
    screen.getByText(T.imbalanceExceeded('6', '5'))
    const table = screen.getByRole('table', { name: 'Профиль объекта' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Дата', 'Ввод, кВт·ч', 'Фидер, кВт·ч', 'Приём, кВт·ч', 'Отдача, кВт·ч', 'Небаланс, кВт·ч', 'Небаланс, %'])
    const rows = within(table).getAllByRole('row')
    expect(rows[1]!.querySelectorAll('[data-flagged]')).toHaveLength(0)
    expect([...rows[2]!.querySelectorAll('[data-flagged]')].map((cell) => cell.textContent)).toEqual(['100,00', '10,00'])
    // ru-RU groups thousands with a no-break space; every cell has the object's two decimals, so a column lines up.
    const total = [...rows[3]!.querySelectorAll('td')].map((cell) => cell.textContent!.replace(/\s/g, ' '))
    expect(total).toEqual(['Итого', '2 000,00', '1 880,00', '2 000,00', '1 880,00', '120,00', '6,00'])
  })

  it('says when an object has no outgoing points instead of calling its input losses', () => {
    show(composeBalance([{ point_id: 1, name: 'Ввод', sign: 1, color: '#3182ce' }], buckets, new Map([[1, day([1000, 1000])]]), options))
    screen.getByText(T.noOutgoingPoints)
    expect(screen.queryByText(T.imbalanceExceeded('100', '5'))).toBeNull()
  })

  it("writes every cell of a column with the object's decimals, and percents with two whatever the rounding", () => {
    const points = [
      { point_id: 1, name: 'Ввод', sign: 1, color: '#3182ce' },
      { point_id: 2, name: 'Фидер', sign: -1, color: '#38a169' },
    ]
    const data = composeBalance(
      points,
      buckets,
      new Map([
        [1, day([33771.2, 33266.034])],
        [2, day([41, 53.5])],
      ]),
      { ...options, roundVal: 'roundWith3' },
    )
    render(
      <ChakraProvider value={appSystem()}>
        <BalanceTable label="Профиль" table={data} roundVal="roundWith3" formatTime={(t) => t} />
      </ChakraProvider>,
    )
    const rows = within(screen.getByRole('table', { name: 'Профиль' })).getAllByRole('row')
    const cells = (row: number) => [...rows[row]!.querySelectorAll('td')].slice(1, 3).map((cell) => cell.textContent!.replace(/\s/g, ' '))
    expect(cells(1)).toEqual(['33 771,200', '41,000'])
    expect(cells(2)).toEqual(['33 266,034', '53,500'])
    expect(rows[1]!.querySelectorAll('td')[6]!.textContent).toMatch(/^\d+,\d\d$/)
  })

  // UX probe: an object with no measurement at all read «Приём —», «— %» in green and «Часть получасов не измерена».
  it('says that nothing was measured in the period, with no green imbalance and no note of a partial one', () => {
    const points = [
      { point_id: 1, name: 'Ввод', sign: 1, color: '#3182ce' },
      { point_id: 2, name: 'Фидер', sign: -1, color: '#38a169' },
    ]
    show(composeBalance(points, buckets, new Map(), options))
    const summary = screen.getByRole('region', { name: T.balancePeriod })
    within(summary).getByText(T.balanceNothingMeasured)
    expect(summary).not.toHaveTextContent('итоги неполные')
    expect(summary).not.toHaveTextContent('— %')
    for (const text of within(summary).getAllByText('—')) expect(getComputedStyle(text).color).not.toMatch(/green/)
  })
})

// UX probe: the chart tab's note said the partial totals were «отмечены *», which only the table marks.
describe('the note on partial totals', () => {
  const points = [
    { point_id: 1, name: 'Ввод', sign: 1, color: '#3182ce' },
    { point_id: 2, name: 'Фидер', sign: -1, color: '#38a169' },
  ]
  const partly = (values: number[]) => {
    const series = day(values)
    series.valid[1] = 40
    return series
  }
  const summaryOn = (marks: 'chart' | 'table') => {
    const data = composeBalance(
      points,
      buckets,
      new Map([
        [1, partly([1000, 1000])],
        [2, day([980, 900])],
      ]),
      options,
    )
    render(
      <ChakraProvider value={appSystem()}>
        <BalanceSummary summary={data.summary} showImbalance marks={marks} />
      </ChakraProvider>,
    )
    return screen.getByRole('region', { name: T.balancePeriod })
  }

  it('points the chart tab at the dashed intervals, promising no asterisk', () => {
    const summary = summaryOn('chart')
    expect(summary).toHaveTextContent('итоги неполные')
    expect(summary).toHaveTextContent('пунктир')
    expect(summary).not.toHaveTextContent('*')
  })

  it('points the table tab at its asterisks', () => {
    expect(summaryOn('table')).toHaveTextContent('отмечены *')
  })
})
