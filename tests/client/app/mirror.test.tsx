import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClient } from '@tanstack/react-query'
import { mirrorNow, mirrorState } from '../../../src/client/app/mirror'
import { MirrorStatus } from '../../../src/client/components/layout/mirror-status'
import Toaster from '../../../src/client/components/ui/toaster'
import { authKeys } from '../../../src/client/lib/auth'
import { session } from '../../../src/client/lib/session'
import { MeterInfoDialog } from '../../../src/client/features/collection'
import { formatDateTime } from '../../../src/client/lib/format'
import { cachedConnParamsOf, cachedReadingsOf, enqueueEdit, getCachedRow, offlineDb, queryCachedList } from '../../../src/client/offline'
import { T } from '../../../src/shared/texts'
import { counterAnswer, installation, point as pointRow, reopenWithFullDisk } from '../offline/helpers'
import { renderInApp } from '../render-in-app'

/** Rows as the server's mirror call sends them (the shared schemas). */
const point = (id: number, over: Record<string, unknown> = {}) => ({ ...pointRow(id), geopoint: '', remark: '', represents: [], ...over })

/** The server's mirror call as the browser meets it: each round's answer in turn, and the URLs asked. */
class MirrorServer {
  readonly asked: URL[] = []
  readonly answers: (object | { status: number; body: unknown })[] = []

  fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(String(input), 'http://console.test')
    if (url.pathname !== '/api/mirror/') return Response.json({ detail: 'not here' }, { status: 404 })
    this.asked.push(url)
    const answer = this.answers.shift()
    if (!answer) throw new TypeError('Failed to fetch')
    return 'status' in answer ? Response.json(answer.body, { status: answer.status }) : Response.json(answer)
  }
}

let server: MirrorServer
beforeEach(async () => {
  server = new MirrorServer()
  vi.stubGlobal('fetch', server.fetch)
  session.signIn('token-1')
  const db = offlineDb()
  await Promise.all([db.points, db.counters, db.represents, db.installations, db.readings, db.outbox, db.meta].map((t) => t.clear()))
})
afterEach(() => vi.unstubAllGlobals())

const ids = async (list: 'points' | 'counters' | 'represents' | 'installations' | 'readings') =>
  (await queryCachedList(list, { perPage: 'all' })).results.map((row) => Object.values(row)[0])

describe('the background mirror', () => {
  it('stores a whole copy, then asks only what changed since its cursor, learns deletions from the ids and keeps waiting edits', async () => {
    server.answers.push({
      cursor: '2026-11-23T10:00:00.000Z',
      points: { changed: [point(1), point(2), point(3)], ids: [1, 2, 3] },
      counters: { changed: [counterAnswer(10)], ids: [10] },
      represents: { changed: [{ represent_id: 100, parent_id: null, name: 'Подстанция' }], ids: [100] },
      installations: {
        changed: [
          installation(1000, {
            point_id: 1,
            counter_id: 10,
            conn_params: [{ par_name: 'host', description: 'IP-адрес', par_value: '10.0.0.7', required: true }],
          }),
        ],
        ids: [1000],
      },
      readings: null,
    })
    await mirrorNow(7)
    expect(server.asked[0]!.searchParams.has('since')).toBe(false)
    expect(mirrorState.get()).toMatchObject({ running: false, progress: null, error: null, lastAt: expect.any(Number) })
    expect((await getCachedRow('installations', 1000))?.serial_num).toBe('SN10')
    expect(await cachedConnParamsOf(10)).toEqual([{ par_name: 'host', description: 'IP-адрес', par_value: '10.0.0.7', required: true }])

    await enqueueEdit({ author: 7, entity: 'point', op: 'update', entityId: 2, patch: { remark: 'моё' }, baseVersion: 1 })
    server.answers.push({
      cursor: '2026-11-23T10:05:00.000Z',
      points: { changed: [point(1, { name: 'Переименована', version: 2 }), point(2, { name: 'С сервера', version: 2 })], ids: [1, 2] },
      counters: { changed: [], ids: [10] },
      represents: { changed: [], ids: [] },
      installations: { changed: [], ids: [1000] },
      readings: null,
    })
    await mirrorNow(7)
    expect(server.asked[1]!.searchParams.get('since')).toBe('2026-11-23T10:00:00.000Z')
    expect(await ids('points')).toEqual([1, 2])
    expect((await getCachedRow('points', 1))?.name).toBe('Переименована')
    // The edit waiting in the outbox is what the device shows until it is sent.
    expect(await getCachedRow('points', 2)).toMatchObject({ name: 'Точка 2', remark: 'моё' })
    expect(await ids('represents')).toEqual([])
    expect(await ids('counters')).toEqual([10])

    // Another user signing in on the tablet starts with a whole copy of what they may see.
    server.answers.push({
      cursor: '2026-11-23T10:06:00.000Z',
      points: null,
      counters: null,
      represents: { changed: [], ids: [] },
      installations: null,
      readings: null,
    })
    await mirrorNow(8)
    expect(server.asked[2]!.searchParams.has('since')).toBe(false)
    expect(await ids('points')).toEqual([2])
  })

  it('keeps the old copy and cursor when the server fails, and says so', async () => {
    server.answers.push({ cursor: 'C1', points: { changed: [point(1)], ids: [1] }, counters: null, represents: null, installations: null, readings: null })
    await mirrorNow(7)
    server.answers.push({ status: 500, body: { detail: T.internal } })
    await mirrorNow(7)
    expect(mirrorState.get().error).toBe(T.mirrorFailed(T.internal))
    expect(await ids('points')).toEqual([1])
    server.answers.push({ cursor: 'C2', points: { changed: [], ids: [1] }, counters: null, represents: null, installations: null, readings: null })
    await mirrorNow(7)
    expect(server.asked.at(-1)!.searchParams.get('since')).toBe('C1')
    expect(mirrorState.get().error).toBeNull()
  })
})

/** A meter's latest readings as the mirror sends them. */
const readings = (counterId: number, valuesDate: string, aPlus: number) => ({
  counter_id: counterId,
  values_date: valuesDate,
  data: [
    { parameter_name: 'A+ сумма', value: aPlus, measurement: 'кВт·ч' },
    { parameter_name: 'R+ сумма', value: aPlus / 10, measurement: 'квар·ч' },
  ],
})
const roundWith = (cursor: string, changed: object[], ids: number[]) => ({
  cursor,
  points: null,
  counters: null,
  represents: null,
  installations: null,
  readings: { changed, ids },
})

describe("the meters' last readings on the device", () => {
  it('stores each meter read since the cursor, drops the meters no longer installed, and the info dialog shows them offline', async () => {
    server.answers.push(roundWith('C1', [readings(10, '2026-11-20T07:30:00.000Z', 1500), readings(11, '2026-11-20T07:30:00.000Z', 900)], [10, 11, 12]))
    await mirrorNow(7)
    expect(await ids('readings')).toEqual([10, 11])
    server.answers.push(roundWith('C2', [readings(10, '2026-11-22T08:00:00.000Z', 1620.5)], [10, 12]))
    await mirrorNow(7)
    expect(server.asked[1]!.searchParams.get('since')).toBe('C1')
    expect(await ids('readings')).toEqual([10])
    expect(await cachedReadingsOf(10)).toEqual(readings(10, '2026-11-22T08:00:00.000Z', 1620.5))

    // The server is out of reach: the meter's info dialog shows the device's copy and how old it is.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    renderInApp(<MeterInfoDialog counterId={10} open onClose={() => undefined} />)
    const dialog = await screen.findByRole('dialog')
    await within(dialog).findByText(T.offlineReadings(formatDateTime('2026-11-22T08:00:00.000Z')))
    expect(T.offlineReadings(formatDateTime('2026-11-22T08:00:00.000Z'))).toMatch(/ \d\d\.\d\d\.2026 \d\d:\d\d/)
    const values = within(dialog).getByRole('table', { name: 'Значения параметров' })
    expect(within(values).getByRole('row', { name: /A\+ сумма/ })).toHaveTextContent('1 620,500')
    expect(within(values).getByRole('row', { name: /R\+ сумма/ })).toHaveTextContent('162,050')
  })
})

describe('the header shows the mirror', () => {
  afterEach(() => reopenWithFullDisk(null))

  it('shows a full device as a banner and on its panel, and a refresh that succeeds shows the time of the copy', async () => {
    // The device refuses every write of points, as a full disk does.
    await reopenWithFullDisk('points')
    const round = { cursor: 'C1', points: { changed: [point(1)], ids: [1] }, counters: null, represents: null, installations: null, readings: null }
    server.answers.push(round)
    const queryClient = new QueryClient()
    queryClient.setQueryData(authKeys.me, { user_id: 7 })
    renderInApp(
      <>
        <Toaster />
        <MirrorStatus />
      </>,
      queryClient,
    )
    const failure = T.mirrorFailed(T.mirrorStorageFull)
    // A banner, and the panel's alert once opened.
    await waitFor(() => expect(screen.getAllByText(failure).length).toBeGreaterThan(0))
    await userEvent.click(screen.getByRole('button', { name: new RegExp(T.mirrorTitle) }))
    const panel = await screen.findByRole('dialog')
    await waitFor(() => expect(within(panel).getByRole('alert')).toHaveTextContent(failure))

    await reopenWithFullDisk(null)
    server.answers.push(round)
    await userEvent.click(within(panel).getByRole('button', { name: T.mirrorRefresh }))
    await waitFor(() => expect(screen.getByTestId('mirror-updated')).toHaveTextContent(/^Обновлено на устройстве: \d\d\.\d\d\.\d{4} \d\d:\d\d$/))
    expect(within(panel).queryByRole('alert')).toBeNull()
    expect(await ids('points')).toEqual([1])
  })
})
