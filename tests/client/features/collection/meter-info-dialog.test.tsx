import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import Toaster from '../../../../src/client/components/ui/toaster'
import { MeterInfoDialog } from '../../../../src/client/features/collection/components/meter-info-dialog'
import { T } from '../../../../src/shared/texts'
import { json, signedInWith } from '../../app-routes'
import { renderInApp } from '../../render-in-app'

// Found by the user-view probe: «Отключить нагрузку» cut a subscriber's supply at one click, with nothing asked.

const relayCalls: unknown[] = []
/** What the relay route answers next; accepted unless a test says otherwise. */
let relayAnswer: () => Response

beforeEach(() => {
  relayCalls.length = 0
  relayAnswer = () => json({ request_id: 1, status: 'PENDING', details: '', created_at: '2026-11-29T09:00:00Z', finished_at: null }, 202)
  signedInWith(['counters.view', 'counters.control'], (path) => {
    if (path === '/api/counter/21/get_current_data/')
      return json({ external_model: 'mercury_206', polled: true, data: [], values_date: null, phase: { values: [], values_date: null }, task: null })
    return undefined
  })
  const answer = vi.mocked(fetch).getMockImplementation()!
  vi.mocked(fetch).mockImplementation(async (input, init) => {
    if (String(input).startsWith('/api/counters/21/relay/')) {
      relayCalls.push(JSON.parse(String(init?.body)))
      return relayAnswer()
    }
    return answer(input, init)
  })
})
afterEach(() => vi.unstubAllGlobals())

describe("power switching in the meter's info dialog", () => {
  it('asks before cutting the supply, sends nothing when the user stays, and switches when confirmed', async () => {
    renderInApp(
      <>
        <MeterInfoDialog counterId={21} open onClose={() => {}} />
        <Toaster />
      </>,
    )
    await userEvent.click(await screen.findByRole('button', { name: /Отключить нагрузку/ }))
    const question = await screen.findByRole('alertdialog')
    expect(question).toHaveTextContent(T.confirmRelayOff)
    await userEvent.click(within(question).getByRole('button', { name: T.cancel }))
    expect(relayCalls).toEqual([])

    await userEvent.click(screen.getByRole('button', { name: /Отключить нагрузку/ }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: T.relaySwitchOff }))
    await waitFor(() => expect(relayCalls).toEqual([{ on: false }]))
    expect(await screen.findByText(T.relayAsked(false))).toBeInTheDocument()
  })

  // A command while the meter's previous one is carried out, or just after it, is refused (tasks.test.ts): the
  // operator reads why and what to do, not a bare status.
  it("says the server's refusal of a command too soon", async () => {
    relayAnswer = () => json({ detail: T.relayTooSoon(25), retry_after: 25 }, 429)
    renderInApp(
      <>
        <MeterInfoDialog counterId={21} open onClose={() => {}} />
        <Toaster />
      </>,
    )
    await userEvent.click(await screen.findByRole('button', { name: /Включить нагрузку/ }))
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: T.relaySwitchOn }))
    await waitFor(() => expect(relayCalls).toEqual([{ on: true }]))
    expect(await screen.findByText(T.relayTooSoon(25))).toBeInTheDocument()
    expect(screen.queryByText(T.relayAsked(true))).not.toBeInTheDocument()
  })
})

// Found by a UX probe on an Энергомера CE 303: «Обновить» was offered, then failed with «обратитесь к администратору /
// Для драйвера «energomera» опрос не предусмотрен», and the clock's line read «часовой пояс Europe/Moscow».
describe("the meter's info dialog for a model that is not polled", () => {
  beforeEach(() => {
    signedInWith(['counters.view', 'counters.poll'], (path) => {
      if (path === '/api/counter/40/get_current_data/')
        return json({ external_model: 'ce_303', polled: false, data: [], values_date: null, phase: { values: [], values_date: null }, task: null })
      if (path === '/api/counters/40/clock/')
        return json({
          counter_id: 40,
          time_zone: 'Europe/Moscow',
          drift_s: null,
          read_at: null,
          corrected_at: null,
          correction_s: null,
          exceeded: false,
          limit_s: 60,
        })
      return undefined
    })
  })

  it('offers no refresh that could only fail, says why, and names no driver or zone by its code', async () => {
    renderInApp(<MeterInfoDialog counterId={40} open onClose={() => {}} />)
    const dialog = await screen.findByRole('dialog')
    const refresh = await within(dialog).findByRole('button', { name: /Обновить/ })
    await waitFor(() => expect(refresh).toBeDisabled())
    expect(refresh).toHaveAccessibleDescription(T.meterNotPolled)
    expect(await within(dialog).findByText(/московское время|Москва \(UTC\+3\)/)).toBeInTheDocument()
    expect(dialog.textContent).not.toMatch(/[A-Za-z]+\/[A-Za-z_]+/)
  })
})
