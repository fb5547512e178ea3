import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import { DriftingMeters } from '../../../../src/client/features/collection/components/drifting-meters'
import { MeterClockLine } from '../../../../src/client/features/collection/components/meter-clock-line'
import { MeterConstantLine } from '../../../../src/client/features/collection/components/meter-constant-line'
import { T } from '../../../../src/shared/texts'
import { json } from '../../app-routes'
import { renderInApp } from '../../render-in-app'

// The meter's clock as the last poll found it: on the meter's info screen and, beyond the limit, in monitoring.

const clockOf = (counterId: number, drift: number | null) => ({
  counter_id: counterId,
  time_zone: 'Asia/Yekaterinburg',
  drift_s: drift,
  read_at: drift === null ? null : '2026-11-20T12:10:00.000Z',
  corrected_at: null,
  correction_s: null,
  exceeded: drift !== null && Math.abs(drift) > 60,
  limit_s: 60,
})
let drifting: unknown[]

beforeEach(() => {
  drifting = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = input.split('?')[0]!
      if (path === '/api/counters/1/clock/') return json(clockOf(1, 100))
      if (path === '/api/counters/2/clock/') return json(clockOf(2, -3))
      if (path === '/api/counters/3/clock/') return json(clockOf(3, null))
      if (path === '/api/monitoring/clocks/') return json(drifting)
      if (path === '/api/counters/1/constant/') return json({ read: 1000, configured: null, used: 1000, mismatch: false })
      if (path === '/api/counters/2/constant/') return json({ read: 1000, configured: 5000, used: 5000, mismatch: true })
      if (path === '/api/counters/3/constant/') return json({ read: null, configured: null, used: null, mismatch: false })
      return new Response('{"detail":"Не найдено"}', { status: 404 })
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

describe('the meter clock on the meter screen', () => {
  it('shows the drift and flags it beyond the limit', async () => {
    renderInApp(<MeterClockLine counterId={1} />)
    const line = await screen.findByLabelText(T.clockTitle)
    expect(line.textContent).toContain('расхождение +100 с')
    // The zone as people name it: a probe read «часовой пояс Europe/Moscow».
    expect(line.textContent).toContain('часовой пояс Екатеринбург (UTC+5)')
    expect(within(line).getByText(T.clockDriftExceeded(60))).toBeTruthy()
  })

  it('shows a small drift without the flag, and an unread clock as such', async () => {
    renderInApp(
      <>
        <MeterClockLine counterId={2} />
        <MeterClockLine counterId={3} />
      </>,
    )
    await waitFor(() => expect(screen.getAllByLabelText(T.clockTitle)).toHaveLength(2))
    const [small, unread] = screen.getAllByLabelText(T.clockTitle)
    expect(small!.textContent).toContain('расхождение -3 с')
    expect(small!.textContent).not.toContain(T.clockDriftExceeded(60))
    expect(unread!.textContent).toContain(T.clockNotRead)
  })
})

describe('drifting clocks in monitoring', () => {
  it('lists the meters beyond the limit', async () => {
    drifting = [
      { counter_id: 1, serial_num: '70000001', point_id: 4, point_number: 'T-1', point_name: 'Подстанция', drift_s: 100, read_at: '2026-11-20T12:10:00.000Z' },
    ]
    renderInApp(<DriftingMeters refreshMs={false} />)
    const table = await screen.findByRole('table', { name: T.driftingMetersTitle })
    expect(within(table).getByText('70000001')).toBeTruthy()
    expect(within(table).getByText('+100')).toBeTruthy()
  })
})

describe("the meter's constant on the meter screen", () => {
  it('shows the constant the meter reported, an override as set by hand, and their disagreement', async () => {
    renderInApp(<MeterConstantLine counterId={1} />)
    expect((await screen.findByLabelText(T.constantTitle)).textContent).toContain(T.constantRead(1000))
  })

  it('marks an override that disagrees with the meter, and a constant not read yet', async () => {
    renderInApp(
      <>
        <MeterConstantLine counterId={2} />
        <MeterConstantLine counterId={3} />
      </>,
    )
    await waitFor(() => expect(screen.getAllByLabelText(T.constantTitle)).toHaveLength(2))
    const [overridden, unread] = screen.getAllByLabelText(T.constantTitle)
    expect(overridden!.textContent).toContain(T.constantConfigured(5000))
    expect(within(overridden!).getByText(T.constantMismatchHint)).toBeTruthy()
    expect(unread!.textContent).toContain(T.constantNotRead)
    // Numbers in Russian, grouped: «5 000 имп/кВт·ч».
    expect(overridden!.textContent).toMatch(/задана вручную: 5\s000 имп/)
    expect(within(unread!).queryByText(T.constantMismatchHint)).toBeNull()
  })
})
