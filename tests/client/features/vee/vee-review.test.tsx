import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { recentScope } from '../../../../src/client/features/vee/api/vee'
import { VeeReview } from '../../../../src/client/features/vee/components/vee-review'
import { INTERVAL_STATUS } from '../../../../src/shared/metering'
import { T } from '../../../../src/shared/texts'
import { json, ME } from '../../app-routes'
import { renderInApp } from '../../render-in-app'

// The review of an object's flagged and estimated half-hours (docs/vee.md): listed, accepted, corrected.

const row = (start: string, status: number, value: number | null) => ({
  point_id: 7,
  point_name: 'Ввод 1',
  counter_id: 70,
  channel: 1,
  interval_start: start,
  value,
  status,
  method: status === INTERVAL_STATUS.SUSPECT ? 'spike' : 'linear',
  reason: null,
  original_value: null,
  changed_by: null,
  changed_at: '2026-11-20T12:00:00.000Z',
})
let sent: { path: string; body: Record<string, unknown> }[]
let failLoad: boolean

beforeEach(() => {
  sent = []
  failLoad = false
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = input.split('?')[0]!
      if (path === '/api/vee/intervals/' && failLoad) return json({ detail: 'Ошибка сервера' }, 500)
      if (path === '/api/vee/intervals/') {
        expect(input).toContain('represent_id=5')
        return json({
          results: [
            row('2026-11-20T07:00:00.000Z', INTERVAL_STATUS.SUSPECT, 34290.103238961034),
            row('2026-11-20T07:30:00.000Z', INTERVAL_STATUS.ESTIMATED, 1.5),
          ],
        })
      }
      if (path === '/api/vee/intervals/accept/') {
        sent.push({ path, body: JSON.parse(String(init?.body)) })
        return json({ value: 34290.1, status: INTERVAL_STATUS.VALID })
      }
      if (path === '/api/vee/intervals/edit/') {
        sent.push({ path, body: JSON.parse(String(init?.body)) })
        return json({ value: ['Значение вне допустимого диапазона'] }, 400)
      }
      if (path === '/api/users/me/') {
        return json(ME)
      }
      return json({ detail: 'Не найдено' }, 404)
    }),
  )
})
afterEach(() => vi.unstubAllGlobals())

function show() {
  return renderInApp(<VeeReview scope={recentScope({ represent_id: 5 }, Date.parse('2026-11-24T10:00:00Z'))} />)
}

describe("an object's review", () => {
  it('lists its flagged and estimated half-hours with Russian numbers and dates', async () => {
    show()
    await screen.findByRole('table', { name: T.veeReviewTitle })
    const table = (await screen.findByText(/34 290/)).closest('table')!
    expect(table.textContent).toContain('20.11.2026')
    expect(table.textContent).toMatch(/34\s290,103/)
    expect(table.textContent).toContain(T.veeStatus[INTERVAL_STATUS.ESTIMATED]!)
  })

  it("accepts a suspect half-hour with a reason, and shows the server's refusal of an edit on its field", async () => {
    const user = userEvent.setup()
    show()
    await screen.findByText(/34 290/)
    await user.click(screen.getAllByRole('button', { name: T.veeAccept })[0]!)
    let dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: T.veeAccept }))
    expect(await within(dialog).findByText(T.veeReasonRequired)).toBeTruthy()
    await user.type(within(dialog).getByLabelText(new RegExp(T.veeReason)), 'Проверено на месте')
    await user.click(within(dialog).getByRole('button', { name: T.veeAccept }))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({
      path: '/api/vee/intervals/accept/',
      body: { counter_id: 70, channel: 1, interval_start: '2026-11-20T07:00:00.000Z', reason: 'Проверено на месте' },
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await user.click(screen.getAllByRole('button', { name: T.veeEdit })[1]!)
    dialog = await screen.findByRole('dialog')
    const value = within(dialog).getByLabelText(new RegExp(T.veeValue))
    // The value to correct is shown the Russian way, on the keyboard with a decimal separator.
    expect(value).toHaveValue('1,5')
    expect(value).toHaveAttribute('inputmode', 'decimal')
    await user.clear(value)
    await user.type(value, '2,5')
    await user.type(within(dialog).getByLabelText(new RegExp(T.veeReason)), 'Показания с дисплея')
    await user.click(within(dialog).getByRole('button', { name: T.veeEdit }))
    expect(await within(dialog).findByText('Значение вне допустимого диапазона')).toBeTruthy()
    expect(sent[1]!.body).toMatchObject({ value: 2.5, reason: 'Показания с дисплея' })
  })

  it('says in Russian that the list failed, never that there is nothing to review', async () => {
    failLoad = true
    show()
    expect(await screen.findByRole('alert')).toBeTruthy()
    expect(screen.queryByText(T.veeNothingToReview)).toBeNull()
  })
})
