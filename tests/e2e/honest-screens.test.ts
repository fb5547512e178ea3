import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { T } from '../../src/shared/texts'
import { startE2E, type E2E } from './harness'

// Issue 20 points 2 and 3 in a real browser: one context, the two things only the whole app can show.

let e: E2E

beforeAll(async () => {
  e = await startE2E()
})
afterAll(async () => {
  await e?.close()
})

describe('honest screens', () => {
  it('saves a point twice without a conflict, and a failing monitoring API shows no «all clear»', async () => {
    const token = await e.apiToken()
    const created = await e.app.inject({
      method: 'POST',
      url: '/api/points/',
      headers: { Authorization: `JWT ${token}` },
      payload: { name: 'ТП-21', point_number: 'E2E-21', address: 'ул. Мира, 21' },
    })
    const { point_id: pointId, version } = created.json() as { point_id: number; version: number }
    const context = await e.newContext({ width: 1366, height: 768 })
    const page = await context.newPage()
    await e.signIn(page)

    await page.goto(`/points/${pointId}/edit`)
    const name = page.getByLabel('Наименование')
    for (const next of ['ТП-21 первая правка', 'ТП-21 вторая правка']) {
      await name.fill(next)
      await page.getByRole('button', { name: T.save }).click()
      // The save button leaves once the server has answered and the form holds the saved values.
      await page.getByRole('button', { name: T.save }).waitFor({ state: 'hidden' })
      await expect(name.inputValue()).resolves.toBe(next)
    }
    await page.getByText(T.saved).first().waitFor()
    await expect(page.getByText(/другим пользователем/).count()).resolves.toBe(0)
    const stored = await e.app.inject({ method: 'GET', url: `/api/points/${pointId}/`, headers: { Authorization: `JWT ${token}` } })
    expect(stored.json()).toMatchObject({ name: 'ТП-21 вторая правка', version: version + 2 })

    await context.route('**/api/monitoring/**', (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<h1>Internal Server Error</h1>' }))
    await page.goto('/monitoring')
    await page.getByText(T.monitoringLoadFailed).waitFor()
    await expect(page.getByText(T.noFailedTasks).count()).resolves.toBe(0)
    await expect(page.getByText('Internal Server Error').count()).resolves.toBe(0)
    await context.close()
  })

  it('takes a point’s limit typed with a decimal comma, and keeps text that is no number with its message', async () => {
    const token = await e.apiToken()
    const created = await e.app.inject({
      method: 'POST',
      url: '/api/points/',
      headers: { Authorization: `JWT ${token}` },
      payload: { name: 'ТП-22', point_number: 'E2E-22', address: 'ул. Мира, 22' },
    })
    const { point_id: pointId } = created.json() as { point_id: number }
    const context = await e.newContext({ width: 1366, height: 768 })
    const page = await context.newPage()
    await e.signIn(page)
    await page.goto(`/points/${pointId}/edit`)
    const limit = page.getByLabel('Лимит потребления, кВт·ч')

    // Typed key by key, as a user does: a native number input dropped the comma (15005) and the letters (12).
    await limit.fill('')
    await limit.pressSequentially('1500,5')
    await expect(limit.inputValue()).resolves.toBe('1500,5')
    await limit.fill('')
    await limit.pressSequentially('12abc')
    await expect(limit.inputValue()).resolves.toBe('12abc')
    await page.getByRole('button', { name: T.save }).click()
    await page.getByText(T.mustBeNumber).waitFor()
    await expect(limit.inputValue()).resolves.toBe('12abc')

    await limit.fill('')
    await limit.pressSequentially('1500,5')
    await page.getByRole('button', { name: T.save }).click()
    await page.getByRole('button', { name: T.save }).waitFor({ state: 'hidden' })
    await expect(limit.inputValue()).resolves.toBe('1500,5')
    const stored = await e.app.inject({ method: 'GET', url: `/api/points/${pointId}/`, headers: { Authorization: `JWT ${token}` } })
    expect(stored.json()).toMatchObject({ energy_limit: 1500.5 })
    await context.close()
  })
})
