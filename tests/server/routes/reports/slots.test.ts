import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { T } from '../../../../src/shared/texts'
import { REPORT_RETRY_AFTER_S } from '../../../../src/server/reports/slots'
import { startTestApp, type TestApp } from '../../../helpers/test-app'

let t: TestApp
let pointId: number

beforeAll(async () => {
  t = await startTestApp()
  pointId = await t.make.point({ name: 'Ввод', point_number: '880001', address: 'ул. Ленина, 1' })
})
afterAll(() => t.close())

/** A month of form 80020 (1,488 rows): long enough to be still building when a request sent with it arrives. */
const report80020 = (token: string, query = `point_id=${pointId}&beg_date=2025-05-01&end_date=2025-05-31`) =>
  t.call(token, { method: 'POST', url: `/api/get_report/?report=Form80020Report&${query}` })

const statuses = (answers: { statusCode: number }[]) => answers.map((a) => a.statusCode).sort()

describe('reports built at once', () => {
  it('builds one report per user at a time: the second is 429 with Retry-After, and a finished report frees the slot', async () => {
    const user = await t.userWith(['reports.export'])
    const answers = await Promise.all([report80020(user.token), report80020(user.token)])
    expect(statuses(answers)).toEqual([200, 429])
    const refused = answers.find((a) => a.statusCode === 429)!
    expect(refused.json()).toEqual({ detail: T.reportAlreadyBuilding, retry_after: REPORT_RETRY_AFTER_S })
    expect(refused.headers['retry-after']).toBe(String(REPORT_RETRY_AFTER_S))
    expect(answers.find((a) => a.statusCode === 200)!.rawPayload.length).toBeGreaterThan(1000)

    // Built and sent, the report gives its slot back; so does a refused request and an XML file made whole.
    expect((await report80020(user.token)).statusCode).toBe(200)
    expect((await report80020(user.token, 'point_id=999999&beg_date=2025-05-01&end_date=2025-05-31')).statusCode).toBe(400)
    const xml = `/api/get_report/?report=Form80020XmlReport&point_id=${pointId}&beg_date=2025-05-01&end_date=2025-05-03`
    expect((await t.call(user.token, { method: 'POST', url: xml })).statusCode).toBe(200)
    expect((await report80020(user.token)).statusCode).toBe(200)
  })

  it('builds at most two reports at once in all', async () => {
    const users = await Promise.all([1, 2, 3].map(() => t.userWith(['reports.export'])))
    const answers = await Promise.all(users.map((u) => report80020(u.token)))
    expect(statuses(answers)).toEqual([200, 200, 429])
    expect(answers.find((a) => a.statusCode === 429)!.json()).toEqual({ detail: T.reportsBusy(REPORT_RETRY_AFTER_S), retry_after: REPORT_RETRY_AFTER_S })
    expect(statuses(await Promise.all(users.slice(0, 2).map((u) => report80020(u.token))))).toEqual([200, 200])
  })

  // Found from the attacker's side: a download dropped midway kept its slots until the server restarted (the writer
  // waited for the stream's `finish`, which a destroyed stream never gives), so two lost downloads stopped all reports.
  it('gives the slot back when the client goes away in the middle of the file', async () => {
    const user = await t.userWith(['reports.export'])
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const socket = net.connect((t.app.server.address() as net.AddressInfo).port, '127.0.0.1')
    const url = `/api/get_report/?report=Form80020Report&point_id=${pointId}&beg_date=2025-01-01&end_date=2025-12-31`
    socket.write(`POST ${url} HTTP/1.1\r\nHost: x\r\nAuthorization: JWT ${user.token}\r\nContent-Length: 0\r\n\r\n`)
    await new Promise((resolve) => socket.once('data', resolve))
    socket.destroy()
    await expect.poll(async () => (await report80020(user.token)).statusCode, { timeout: 10_000, interval: 200 }).toBe(200)
  })
})
