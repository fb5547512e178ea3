import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { storePolls } from '../../../src/server/collector/poll-meter'
import { profileData } from '../../../src/server/repositories/meter-data'
import type { IntervalRow } from '../../../src/server/repositories/readings'
import { CHANNEL, INTERVAL_STATUS } from '../../../src/shared/metering'
import { startTestApp, type TestApp } from '../../helpers/test-app'

const HALF_HOUR = 1_800_000
/** Monday 2 March 2026, 00:00 in Moscow. */
const D = Date.parse('2026-03-01T21:00:00Z')
const at = (i: number) => new Date(D + i * HALF_HOUR)
const { VALID, ESTIMATED, SUSPECT, EDITED } = INTERVAL_STATUS

let t: TestApp
let counterId: number
let pointId: number
let representId: number

const rows = (from: number, values: number[]): IntervalRow[] =>
  values.map((value, i) => ({ counter_id: counterId, channel: CHANNEL.A_PLUS, interval_start: at(from + i), value }))
const poll = (intervals: IntervalRow[]) => storePolls(t.database.db, [{ ok: true, fatal: false, lines: [], phases: [], registers: [], intervals }])

beforeAll(async () => {
  t = await startTestApp()
  pointId = await t.make.point({ name: 'ВРУ-0,4 кВ дома 5' })
  counterId = await t.make.meter()
  await t.make.install(pointId, counterId, { at: new Date(D - 86_400_000) })
  representId = await t.make.object('ТП-5')
  await t.make.withPoints(representId, [pointId])
  // 1, 1, [gap of two], 4: the line from 1 to 4 gives 2 and 3.
  await poll(rows(0, [1, 1]))
  await poll(rows(4, [4]))
})
afterAll(() => t.close())

const review = async (scope: string, token = t.adminToken) =>
  t.call(token, { method: 'GET', url: `/api/vee/intervals/?${scope}&beg_date=2026-03-02&end_date=2026-03-02` })

describe('VEE review', () => {
  it('a balance over the estimated half-hours carries their values and marks them as not measured', async () => {
    const res = await t.call(t.adminToken, {
      method: 'GET',
      url: `/api/represents/${representId}/points_profile_data/?beginDate=2026-03-02&endDate=2026-03-02&interval=60`,
    })
    expect(res.statusCode, res.body).toBe(200)
    const p = `p${pointId}`
    const items = res.json().items as { time: string; values: Record<string, number>; missing: string[] }[]
    const hour = (i: number) => items.find((item) => item.time === at(i).toISOString())!
    expect(hour(0).values[p]).toBe(2)
    expect(hour(0).missing).toEqual([])
    // 01:00-02:00 Moscow time holds the estimates 2 and 3: counted, and marked as not the meter's.
    expect(hour(2).values[p]).toBe(5)
    expect(hour(2).missing).toContain(p)
  })

  it("lists an object's and a point's estimated intervals with their method", async () => {
    for (const scope of [`represent_id=${representId}`, `point_id=${pointId}`]) {
      const res = await review(scope)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().results).toMatchObject([
        {
          point_id: pointId,
          counter_id: counterId,
          channel: 1,
          interval_start: at(2).toISOString(),
          value: 2,
          status: ESTIMATED,
          method: 'linear',
          original_value: null,
        },
        { interval_start: at(3).toISOString(), value: 3, status: ESTIMATED, method: 'linear' },
      ])
    }
  })

  it("accepts a suspect interval (valid again, kept from the next poll's rules) and an estimate (stays estimated)", async () => {
    await t.database.db.execute(
      sql`update interval_values set status = ${SUSPECT} where counter_id = ${counterId} and interval_start = ${at(0).toISOString()}::timestamptz`,
    )
    const key = { counter_id: counterId, channel: 1, interval_start: at(0).toISOString() }
    const accepted = await t.call(t.adminToken, { method: 'POST', url: '/api/vee/intervals/accept/', payload: { ...key, reason: 'Проверено по журналу ТП' } })
    expect(accepted.statusCode, accepted.body).toBe(200)
    expect(accepted.json()).toEqual({ value: 1, status: VALID })
    const estimate = await t.call(t.adminToken, {
      method: 'POST',
      url: '/api/vee/intervals/accept/',
      payload: { ...key, interval_start: at(2).toISOString(), reason: 'Согласовано' },
    })
    expect(estimate.json()).toEqual({ value: 2, status: ESTIMATED })
    const again = await t.call(t.adminToken, { method: 'POST', url: '/api/vee/intervals/accept/', payload: { ...key, reason: 'Ещё раз' } })
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ detail: 'Принять можно только подозрительный или оценённый интервал' })
  })

  it("an edit keeps the original value, who, when and why, and the day's sum follows", async () => {
    const res = await t.call(t.adminToken, {
      method: 'POST',
      url: '/api/vee/intervals/edit/',
      payload: { counter_id: counterId, channel: 1, interval_start: at(4).toISOString(), value: '3,5', reason: 'Акт проверки № 12' },
    })
    expect(res.statusCode, res.body).toBe(200)
    const row = (await review(`point_id=${pointId}`)).json().results.find((r: { interval_start: string }) => r.interval_start === at(4).toISOString())
    expect(row).toMatchObject({ value: 3.5, status: EDITED, method: 'manual', reason: 'Акт проверки № 12', original_value: 4, changed_by: 'admin' })
    const day = await t.database.db.execute(sql`select value from daily_values where counter_id = ${counterId} and channel = 1 and day = '2026-03-02'`)
    expect(Number((day.rows[0] as { value: number }).value)).toBe(1 + 1 + 2 + 3 + 3.5)
    const audit = await t.database.db.execute(sql`select remark from audit_log where entity = 'interval_values' order by 1`)
    expect(audit.rows.map((r) => (r as { remark: string }).remark)).toContain('Акт проверки № 12')
  })

  it('accepting and editing need data.edit; viewing needs data.view; bad input is a Russian 400', async () => {
    const viewer = await t.userWith(['data.view'])
    expect((await review(`point_id=${pointId}`, viewer.token)).statusCode).toBe(200)
    const payload = { counter_id: counterId, channel: 1, interval_start: at(3).toISOString(), reason: 'Проверено' }
    expect((await t.call(viewer.token, { method: 'POST', url: '/api/vee/intervals/accept/', payload })).statusCode).toBe(403)
    const editor = await t.userWith(['data.view', 'data.edit'])
    expect((await t.call(editor.token, { method: 'POST', url: '/api/vee/intervals/accept/', payload })).statusCode).toBe(200)

    const noReason = await t.call(editor.token, { method: 'POST', url: '/api/vee/intervals/edit/', payload: { ...payload, value: 1, reason: ' ' } })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json()).toEqual({ reason: ['Укажите причину'] })
    const unknown = await t.call(editor.token, {
      method: 'POST',
      url: '/api/vee/intervals/edit/',
      payload: { ...payload, interval_start: '2020-01-01T00:00:00Z', value: 1 },
    })
    expect(unknown.statusCode).toBe(404)
    const noScope = await t.call(editor.token, { method: 'GET', url: '/api/vee/intervals/?beg_date=2026-03-02&end_date=2026-03-02' })
    expect(noScope.statusCode).toBe(400)
    expect(JSON.stringify(noScope.json())).toContain('Укажите точку учёта или объект')
  })
})

describe('the point profile', () => {
  it("gives a half-hour's own status and a bucket the status of its least trustworthy half-hour", async () => {
    const pointProfile = (interval: number) => profileData(t.database.db, pointId, CHANNEL.A_PLUS, interval, at(0), at(6), 'Europe/Moscow')
    const halfHours = await pointProfile(30)
    expect(halfHours.map((i) => [i.date, i.status])).toEqual([
      [at(0).toISOString(), VALID],
      [at(1).toISOString(), VALID],
      [at(2).toISOString(), ESTIMATED],
      [at(3).toISOString(), ESTIMATED],
      [at(4).toISOString(), EDITED],
    ])
    await t.database.db.execute(sql`
      insert into interval_values (counter_id, channel, interval_start, value, status) values (${counterId}, 1, ${at(5).toISOString()}::timestamptz, null, 1)`)
    // Hour 02:00 holds an edited and a missing half-hour: missing outranks edited (max() of the codes would say edited).
    expect((await pointProfile(60)).map((i) => i.status)).toEqual([VALID, ESTIMATED, INTERVAL_STATUS.MISSING])
  })
})
