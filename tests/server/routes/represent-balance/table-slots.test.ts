import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { T } from '../../../../src/shared/texts'
import { TABLE_RETRY_AFTER_S } from '../../../../src/server/balance/table-slots'
import { startTestApp, type TestApp } from '../../../helpers/test-app'

let t: TestApp
let representId: number

beforeAll(async () => {
  t = await startTestApp()
  representId = await t.make.object('ПС Флуд')
  const points = []
  for (let i = 0; i < 10; i++) points.push(await t.make.point({ name: `Ввод ${i}` }))
  await t.make.withPoints(representId, points)
})
afterAll(() => t.close())

/** A quarter of half-hours of ten points: still building when the requests sent with it arrive. */
const quarter = (token: string, kind: 'points_profile_data' | 'points_profile_csv' = 'points_profile_data') =>
  t.call(token, { method: 'GET', url: `/api/represents/${representId}/${kind}/?interval=30&beginDate=2024-01-01&endDate=2024-03-31` })

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort()

describe("an object's tables built at once", () => {
  it('builds two per user at a time, the chart and a CSV alike: the third is 429 with Retry-After, and a finished one frees its slot', async () => {
    const viewer = await t.userWith(['represents.view'])
    const answers = await Promise.all([quarter(viewer.token), quarter(viewer.token, 'points_profile_csv'), quarter(viewer.token)])
    expect(statuses(answers)).toEqual([200, 200, 429])
    const refused = answers.find((a) => a.statusCode === 429)!
    expect(refused.json()).toEqual({ detail: T.tableAlreadyBuilding, retry_after: TABLE_RETRY_AFTER_S })
    expect(refused.headers['retry-after']).toBe(String(TABLE_RETRY_AFTER_S))
    expect(statuses(await Promise.all([quarter(viewer.token), quarter(viewer.token)]))).toEqual([200, 200])
    // A refused request gives its slot back too.
    const bad = `/api/represents/${representId}/points_profile_data/?interval=30&beginDate=2024-01-01&endDate=2025-01-01`
    expect((await t.call(viewer.token, { method: 'GET', url: bad })).statusCode).toBe(400)
    expect((await t.call(viewer.token, { method: 'GET', url: bad })).statusCode).toBe(400)
    expect((await quarter(viewer.token)).statusCode).toBe(200)
  })

  it('builds at most four at once in all', async () => {
    const viewers = await Promise.all([1, 2, 3, 4, 5].map(() => t.userWith(['represents.view'])))
    const answers = await Promise.all(viewers.map((v) => quarter(v.token)))
    expect(statuses(answers)).toEqual([200, 200, 200, 200, 429])
    expect(answers.find((a) => a.statusCode === 429)!.json()).toEqual({ detail: T.tablesBusy(TABLE_RETRY_AFTER_S), retry_after: TABLE_RETRY_AFTER_S })
  })
})
