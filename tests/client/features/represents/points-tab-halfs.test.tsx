import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { PointsTab } from '../../../../src/client/features/represents/components/points-tab'
import type { RepresentPoint } from '../../../../src/shared/schemas/represents'
import { T } from '../../../../src/shared/texts'
import { json } from '../../app-routes'
import { renderInApp } from '../../render-in-app'

// «Получасовые значения» of the object's points tab read on a tablet: no hover, so no value may need a title to be read.

/** 12 half-hours from 10:00 on 29.11.2026 (the device's clock), 11:00 not measured. */
const halfs = Array.from({ length: 12 }, (_, i) => ({
  time: new Date(2026, 10, 29, 10, 30 * i).toISOString(),
  value: i === 2 ? null : 1.25 * (i + 1),
}))

const POINT: RepresentPoint = {
  represent_point_id: 1,
  point_id: 7,
  order_num: 0,
  sign: 1,
  color: '#3182ce',
  selected: true,
  name: 'Ввод 1',
  point_number: 'TP12-1',
  address: 'ул. Ленина, 1',
  customer_name: '',
  customer_number: '',
  counter: '50000001',
  counter_id: 5,
  is_active: true,
  point_represents_number: 1,
  halfs,
}

let points: RepresentPoint[]
beforeEach(() => {
  localStorage.clear()
  points = [POINT]
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => (input.split('?')[0] === '/api/represents/5/points/' ? json(points) : json({ detail: 'Не найдено' }, 404))),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('the last half-hours of a point of the object', () => {
  it('show the first and last times and the unit, and each value with its time on a tap', async () => {
    renderInApp(<PointsTab representId={5} canChange={false} />)
    const cell = await screen.findByRole('button', { name: T.halfs.open('Ввод 1', '10:00', '15:30') })
    // Written in the cell, not in a hover title.
    expect(cell).toHaveTextContent('с 10:00 по 15:30, кВт·ч')

    await userEvent.click(cell)
    const list = await screen.findByRole('table', { name: T.halfs.title('Ввод 1', '29.11.2026 10:00', '29.11.2026 15:30') })
    // Focus goes to the list's scrolling box: the arrow and page keys scroll what does not fit.
    await vi.waitFor(() => expect(document.activeElement).toBe(list.parentElement))
    expect(list.parentElement).toHaveStyle({ overflowY: 'auto' })
    const rows = within(list)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent))
    expect(rows[0]).toEqual(['Начало получаса', 'A+, кВт·ч'])
    expect(rows[1]).toEqual(['29.11.2026 10:00', '1,250'])
    expect(rows[3]).toEqual(['29.11.2026 11:00', T.chart.noValue])
    expect(rows[12]).toEqual(['29.11.2026 15:30', '15,000'])
  })

  it('carry their dates when they cross midnight, so that the span does not read backwards', async () => {
    const day = Array.from({ length: 48 }, (_, i) => ({ time: new Date(2026, 10, 28, 14, 30 * (i + 1)).toISOString(), value: 1 }))
    points = [{ ...POINT, halfs: day }]
    renderInApp(<PointsTab representId={5} canChange={false} />)
    const cell = await screen.findByRole('button', { name: T.halfs.open('Ввод 1', '28.11 14:30', '29.11 14:00') })
    expect(cell).toHaveTextContent('с 28.11 14:30 по 29.11 14:00, кВт·ч')
  })
})
