import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, within } from '@testing-library/react'
import { Route as PointConsumptionRoute } from '../../../src/client/routes/_app/points.$id.consumption'
import { T } from '../../../src/shared/texts'
import { json } from '../app-routes'
import { pointScreenApi, renderPointTab } from '../point-screen'
import { asWritten } from '../render-in-app'

/*
 * Found from the user's side: on a point with Ктт 20 × Ктн 100 the readings rose by 43 a day next to 86 000 кВт·ч of
 * consumption, both headed кВт·ч with nothing saying why; today's half-day looked like a whole one, and the days still
 * to come were listed with «—». «Now» is 4 November 2026, 12:00 in Moscow.
 */
const day = (n: number, reading: number | null, consumption: number | null) => ({
  consumption_date: `2026-11-${String(n).padStart(2, '0')}`,
  counter_serial_num: '50000001',
  counter_value: reading,
  consumption,
  reading_mismatch: false,
  ratio: 2000,
})
const NOVEMBER = [day(1, 1043.5, 86_000), day(2, 1086.5, 86_000), day(3, 1129.5, 86_000), day(4, 1150.25, 41_500)]
for (let n = 5; n <= 30; n++) NOVEMBER.push(day(n, null, null))

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date('2026-11-04T12:00:00+03:00'))
  pointScreenApi((path) => (path === '/api/points/7/consumption_by_date/' ? json(NOVEMBER) : undefined))
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('a point’s consumption by day', () => {
  it('says readings are the meter’s and consumption is times Ктт·Ктн, marks today, and lists no day to come', async () => {
    renderPointTab('/points/7/consumption', PointConsumptionRoute, '/consumption')
    const table = await screen.findByRole('table', { name: 'Потребление по дням' }, { timeout: 5_000 })
    expect(await within(table).findByText(`04.11.2026 ${T.dayInProgress}`, undefined, { timeout: 5_000 })).toBeInTheDocument()
    expect(within(table).getByRole('columnheader', { name: 'Показания счётчика, кВт·ч' })).toBeInTheDocument()
    expect(screen.getByText(T.consumptionRatio([{ serial: '50000001', ratio: 2000 }]), asWritten)).toBeInTheDocument()
    expect(within(table).queryByText(/05\.11\.2026/)).toBeNull()
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 4)
  })
})
