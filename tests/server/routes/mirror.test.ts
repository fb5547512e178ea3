import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import { counterList } from '../../../src/shared/schemas/counters'
import { mirrorAnswer, type MirrorAnswer } from '../../../src/shared/schemas/mirror'
import { pointCounterList, pointList } from '../../../src/shared/schemas/points'
import { T } from '../../../src/shared/texts'
import { storeRegisterReadings } from '../../../src/server/repositories/readings'
import { CHANNEL } from '../../../src/shared/metering'
import { startRegistryApp, type RegistryApp } from '../../helpers/test-app'

let t: RegistryApp
beforeAll(async () => {
  t = await startRegistryApp()
})
afterAll(() => t.close())

let n = 0
const call = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) => {
  const res = await t.call(t.adminToken, { method, url, payload, headers })
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300)
  return res.body ? res.json() : null
}
const newPoint = () => t.make.point()
const newObject = () => t.make.object()
const installMeter = async (pointId: number) =>
  (
    await call('POST', '/api/counters/create_and_install/', {
      serial_num: `7700${++n}`,
      model_id: t.refs.modelIds['Меркурий 230 ART'],
      coeff: 1,
      coeff_voltage: 1,
      point_id: pointId,
      operation_date: '2024-03-01T09:00:00.000Z',
      conn_params: { host: '192.168.1.10', net_address: '25' },
    })
  ).counter_id as number

const mirror = async (since?: string, token = t.adminToken): Promise<MirrorAnswer> => {
  const res = await t.call(token, { method: 'GET', url: '/api/mirror/', query: since === undefined ? {} : { since } })
  expect(res.statusCode, res.body).toBe(200)
  return v.parse(mirrorAnswer, res.json())
}
/** The database's own clock: rows are dated by it. */
/** The database's clock, rounded up to the millisecond a Date holds: a row written in the same millisecond is before it. */
const databaseNow = async () => {
  const result = await t.database.db.execute(sql`select ceil(extract(epoch from clock_timestamp()) * 1000)::float8 as ms`)
  return new Date(Number((result.rows[0] as { ms: number | string }).ms)).toISOString()
}
/** A poll's register readings: A+ and R+ of the total and the first tariff, read at `at`. */
const storeReadings = (counterId: number, at: Date, base: number) =>
  storeRegisterReadings(
    t.database.db,
    [CHANNEL.A_PLUS, CHANNEL.R_PLUS].flatMap((channel) =>
      [0, 1].map((tariff) => ({ counter_id: counterId, channel, tariff, read_at: at, value: base + channel * 10 + tariff })),
    ),
  )
/** The latest readings as the meter's info dialog gets them. */
const currentReadings = async (counterId: number) => {
  const { data, values_date } = await call('GET', `/api/counter/${counterId}/get_current_data/`)
  return { counter_id: counterId, data, values_date }
}
const idsOf = <K extends string>(rows: Record<K, number>[], key: K) => rows.map((row) => row[key])

describe('mirror: what changed since', () => {
  it('without since sends every point, meter, object and installation as their own screens show them, with every id', async () => {
    const pointId = await newPoint()
    const counterId = await installMeter(pointId)
    await newObject()
    const all = await mirror()
    const points = v.parse(pointList, await call('GET', '/api/points/?page_size=all')).results
    const counters = v.parse(counterList, await call('GET', '/api/counters/?page_size=all')).results
    expect(all.points).toEqual({ changed: [...points].sort((a, b) => a.point_id - b.point_id), ids: idsOf(points, 'point_id').sort((a, b) => a - b) })
    expect(all.counters).toEqual({
      changed: [...counters].sort((a, b) => a.counter_id - b.counter_id),
      ids: idsOf(counters, 'counter_id').sort((a, b) => a - b),
    })
    const tree = (await call('GET', '/api/represents/all/')).results as { represent_id: number }[]
    expect(all.represents?.changed).toEqual(expect.arrayContaining(tree))
    expect(all.represents?.ids).toEqual(idsOf(tree, 'represent_id').sort((a, b) => a - b))
    const tab = v.parse(pointCounterList, await call('GET', `/api/points/${pointId}/counters/`)).results
    // The current installation carries its connection parameters as the meter's dialog shows them, but the password.
    const params = (await call('GET', `/api/counters/${counterId}/conn_params/`)) as { par_name: string }[]
    expect(params.map((p) => p.par_name)).toContain('password')
    const withoutSecret = params.filter((p) => p.par_name !== 'password')
    expect(all.installations?.changed.filter((row) => row.point_id === pointId)).toEqual(
      tab.map((row) => ({ ...row, point_id: pointId, conn_params: withoutSecret })),
    )
    expect(withoutSecret).toContainEqual(expect.objectContaining({ par_name: 'host', par_value: '192.168.1.10' }))
    expect(tab[0]).toMatchObject({ counter_id: counterId, is_current: true })
  })

  it('with since sends only what changed after it, learns deletions from the ids, and keeps the cursor behind the clock', async () => {
    const untouched = await newPoint()
    const renamed = await newPoint()
    const equipped = await newPoint()
    const deleted = await newPoint()
    const objectKept = await newObject()
    const objectDeleted = await newObject()
    const before = await databaseNow()
    const { cursor } = await mirror()
    expect(Date.parse(cursor)).toBeLessThan(Date.parse(before))

    const point = await call('GET', `/api/points/${renamed}/`)
    await call('PUT', `/api/points/${renamed}/`, { ...point, name: 'Переименована' }, { 'if-match': `"${point.version}"` })
    const counterId = await installMeter(equipped)
    await call('DELETE', `/api/points/${deleted}/`)
    await call('DELETE', `/api/represents/${objectDeleted}`)

    const changes = await mirror(before)
    expect(idsOf(changes.points!.changed, 'point_id')).toEqual([renamed, equipped])
    expect(changes.points!.changed[0]).toMatchObject({ name: 'Переименована' })
    expect(changes.points!.changed[1]).toMatchObject({ has_counter: true, counter_id: counterId })
    expect(changes.points!.ids).toEqual(expect.arrayContaining([untouched, renamed, equipped]))
    expect(changes.points!.ids).not.toContain(deleted)
    expect(idsOf(changes.counters!.changed, 'counter_id')).toEqual([counterId])
    expect(changes.installations!.changed.map((row) => [row.point_id, row.counter_id])).toEqual([[equipped, counterId]])
    expect(changes.represents!.changed).toEqual([])
    expect(changes.represents!.ids).toContain(objectKept)
    expect(changes.represents!.ids).not.toContain(objectDeleted)
  })

  it("sends a meter's renaming with its installations, and a point whose object was renamed (its card shows it)", async () => {
    const pointId = await newPoint()
    const counterId = await installMeter(pointId)
    const objectId = await newObject()
    await call('POST', `/api/represents/${objectId}/add_point/?point_id=${pointId}`)
    const before = await databaseNow()
    const meter = await call('GET', `/api/counters/${counterId}/`)
    await call('PATCH', `/api/counters/${counterId}/`, { serial_num: 'НОВЫЙ-1' }, { 'if-match': `"${meter.version}"` })
    await call('PUT', `/api/represents/${objectId}/`, { ...(await call('GET', `/api/represents/${objectId}/`)), name: 'Новое имя' })
    const changes = await mirror(before)
    expect(changes.counters!.changed).toEqual([expect.objectContaining({ counter_id: counterId, serial_num: 'НОВЫЙ-1' })])
    expect(changes.installations!.changed).toEqual([expect.objectContaining({ counter_id: counterId, serial_num: 'НОВЫЙ-1' })])
    expect(changes.represents!.changed).toEqual([expect.objectContaining({ represent_id: objectId, name: 'Новое имя' })])
    expect(changes.points!.changed).toEqual([expect.objectContaining({ point_id: pointId, represents: [{ represent_id: objectId, name: 'Новое имя' }] })])
  })

  it('sends the latest register readings of each current meter as its info dialog shows them, and since: only newer ones', async () => {
    const pointA = await newPoint()
    const pointB = await newPoint()
    const read = await installMeter(pointA)
    const silent = await installMeter(pointB)
    const takenOff = await installMeter(await newPoint())
    await storeReadings(read, new Date('2026-11-01T09:00:00Z'), 100)
    await storeReadings(read, new Date('2026-11-02T09:00:00Z'), 200)
    await storeReadings(takenOff, new Date('2026-11-02T09:00:00Z'), 300)
    await call('POST', `/api/point_counter/${takenOff}/take_off/`, { operation_date: '2026-11-03T09:00:00.000Z', comment: 'Поверка' })

    const all = await mirror()
    const latest = await currentReadings(read)
    expect(latest.values_date).toBe('2026-11-02T09:00:00.000Z')
    expect(latest.data).toContainEqual({ parameter_name: 'A+ Т1', value: 211, measurement: 'кВт·ч' })
    expect(all.readings!.changed.find((row) => row.counter_id === read)).toEqual(latest)
    // A meter never read has nothing to send; a meter taken off is no longer any point's: neither is kept.
    expect(all.readings!.changed.map((row) => row.counter_id)).not.toContain(silent)
    expect(all.readings!.ids).toEqual(expect.arrayContaining([read, silent]))
    expect(all.readings!.ids).not.toContain(takenOff)
    expect(all.readings!.changed.map((row) => row.counter_id)).not.toContain(takenOff)

    const late = await installMeter(await newPoint())
    const before = await databaseNow()
    await storeReadings(silent, new Date(Date.parse(before) + 1000), 400)
    // A poll's readings are dated when it started and stored when it ends, up to its deadline later.
    await storeReadings(late, new Date(Date.parse(before) - 4 * 60_000), 500)
    // A reading older than the latest one (a late record of the past) changes nothing the device shows.
    await storeReadings(read, new Date('2026-10-01T09:00:00Z'), 50)
    const changes = await mirror(before)
    expect(changes.readings!.changed).toEqual([await currentReadings(silent), await currentReadings(late)])
    expect(changes.readings!.ids).toEqual([...all.readings!.ids, late].sort((a, b) => a - b))
  })

  it('sends each kind only to a staff user who may view it', async () => {
    const objectsOnly = await t.userWith(['represents.view'])
    const answer = await mirror(undefined, objectsOnly.token)
    expect(answer).toMatchObject({ points: null, counters: null, installations: null, readings: null })
    expect(answer.represents?.ids.length).toBeGreaterThan(0)
    // The readings go with the meters' view, as the meter's current data does.
    const metersOnly = await t.userWith(['counters.view'])
    expect((await mirror(undefined, metersOnly.token)).readings?.ids.length).toBeGreaterThan(0)
    const pointsOnly = await t.userWith(['points.view', 'data.view'])
    const pointsAnswer = await mirror(undefined, pointsOnly.token)
    expect(pointsAnswer).toMatchObject({ counters: null, readings: null })
    // The installations come with the points, their meters' connection parameters only with the meters' view.
    expect(pointsAnswer.installations?.changed.length).toBeGreaterThan(0)
    expect(pointsAnswer.installations?.changed.map((i) => i.conn_params)).toEqual(pointsAnswer.installations?.changed.map(() => null))
    const subscriber = await t.userWith(['points.view', 'counters.view', 'represents.view'], { is_stuff: false })
    expect(await mirror(undefined, subscriber.token)).toMatchObject({ points: null, counters: null, represents: null, installations: null, readings: null })
  })

  it('answers a malformed since with a Russian 400', async () => {
    for (const since of ['вчера', '2024-13-45T00:00:00Z', 'x'.repeat(100)]) {
      const res = await t.call(t.adminToken, { method: 'GET', url: '/api/mirror/', query: { since } })
      expect(res.statusCode, since).toBe(400)
      expect(res.json()).toEqual({ since: [T.invalidDateTime] })
    }
  })
})
