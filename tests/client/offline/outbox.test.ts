import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  cacheServerRows,
  countWaiting,
  enqueueEdit,
  flushOutbox,
  getCachedRow,
  listOutbox,
  MeteringDb,
  MissingLocalRowError,
  OfflineStorageFullError,
  subscribeDeviceOutbox,
  type OutboxEntry,
} from '../../../src/client/offline'
import { FakeServer } from './fake-server'
import { counter, dispose, freshDb, point, ME, fullDisk } from './helpers'

let db: MeteringDb

beforeEach(async () => {
  db = freshDb()
  await cacheServerRows('points', [point(1), point(2)], { complete: true }, db)
  await cacheServerRows('counters', [counter(7)], { complete: true }, db)
})

afterEach(() => dispose(db))

describe('enqueueEdit', () => {
  it('changes the local row and records the entry together', async () => {
    const entry = await enqueueEdit({ author: ME, entity: 'counter', op: 'update', entityId: 7, patch: { serial_num: '111' }, baseVersion: 1 }, db)

    expect(entry).toMatchObject({
      entity: 'counter',
      entityId: 7,
      op: 'update',
      patch: { serial_num: '111' },
      baseVersion: 1,
      base: counter(7),
      attempts: 0,
      nextAttemptAt: 0,
      status: 'pending',
      lastError: null,
      serverRow: null,
    })
    expect(entry.mutationId).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/)
    expect(await listOutbox(ME, db)).toEqual([entry])
    expect(await getCachedRow('counters', 7, db)).toEqual({ ...counter(7), serial_num: '111' })
  })

  it('merges consecutive edits of one entity while none of them was sent', async () => {
    const first = await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 1, patch: { name: 'A' }, baseVersion: 1 }, db)
    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 2, patch: { name: 'other' }, baseVersion: 1 }, db)
    const merged = await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 1, patch: { name: 'B', remark: 'r' }, baseVersion: 1 }, db)

    expect(merged).toMatchObject({ seq: first.seq, mutationId: first.mutationId, patch: { name: 'B', remark: 'r' } })
    expect(await countWaiting(ME, db)).toBe(2)
    expect(await getCachedRow('points', 1, db)).toMatchObject({ name: 'B', remark: 'r', version: 1 })
  })

  it('folds edits of a point created offline into its create until it is sent', async () => {
    const create = await enqueueEdit({ author: ME, entity: 'point', op: 'create', patch: { name: 'Новая', point_number: 'N-1', address: 'А' } }, db)
    const second = await enqueueEdit({ author: ME, entity: 'point', op: 'create', patch: { name: 'Вторая', point_number: 'N-2', address: 'Б' } }, db)
    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: create.entityId, patch: { remark: 'щит' }, baseVersion: 0 }, db)

    expect([create.entityId, second.entityId]).toEqual([-1, -2])
    expect(await listOutbox(ME, db)).toMatchObject([
      { op: 'create', patch: { name: 'Новая', point_number: 'N-1', address: 'А', remark: 'щит' } },
      { op: 'create' },
    ])
    expect(await getCachedRow('points', -1, db)).toEqual({
      point_id: -1,
      point_number: 'N-1',
      name: 'Новая',
      address: 'А',
      remark: 'щит',
      customer_id: null,
      customer: null,
      counter_id: null,
      has_counter: false,
      point_represents_number: 0,
      energy_limit: 5000,
      version: 0,
    })
  })

  it('never merges into an entry that was already sent once', async () => {
    const server = new FakeServer()
    server.seedPoint(point(1))
    const first = await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 1, patch: { name: 'A' }, baseVersion: 1 }, db)
    server.failNext({ kind: 'lost-answer' })
    await flushOutbox(server.transport, { author: ME, db })

    const second = await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 1, patch: { name: 'B' }, baseVersion: 1 }, db)

    expect(second.seq).not.toBe(first.seq)
    expect((await listOutbox(ME, db)).map((entry) => entry.patch)).toEqual([{ name: 'A' }, { name: 'B' }])
  })

  it('uses the row the screen passes when the device has no copy, and refuses without one', async () => {
    const update = { author: ME, entity: 'point', op: 'update', entityId: 40, patch: { name: 'X' }, baseVersion: 3 } as const
    await expect(enqueueEdit(update, db)).rejects.toBeInstanceOf(MissingLocalRowError)
    expect(await countWaiting(ME, db)).toBe(0)

    await enqueueEdit({ ...update, current: point(40, { version: 3 }) }, db)
    expect(await getCachedRow('points', 40, db)).toEqual(point(40, { name: 'X', version: 3 }))
  })

  it('rejects with a Russian message and saves nothing when the device is out of space', async () => {
    const full = new MeteringDb(db.name)
    full.use(fullDisk('outbox'))
    try {
      const attempt = enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 1, patch: { name: 'не сохранится' }, baseVersion: 1 }, full)

      await expect(attempt).rejects.toBeInstanceOf(OfflineStorageFullError)
      await expect(attempt).rejects.toThrow('Недостаточно места для сохранения изменений на устройстве: изменение не сохранено')
      expect(await getCachedRow('points', 1, db)).toEqual(point(1))
      expect(await countWaiting(ME, db)).toBe(0)
    } finally {
      full.close()
    }
  })
})

describe('subscribeDeviceOutbox', () => {
  it('reports the waiting edits now and after every change', async () => {
    const seen: number[] = []
    let notify: () => void = () => undefined
    const stop = subscribeDeviceOutbox((entries: OutboxEntry[]) => {
      seen.push(entries.length)
      notify()
    }, db)
    const nextChange = () => new Promise<void>((resolve) => (notify = resolve))

    await nextChange()
    let changed = nextChange()
    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 1, patch: { name: 'A' }, baseVersion: 1 }, db)
    await changed
    changed = nextChange()
    await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 2, patch: { name: 'B' }, baseVersion: 1 }, db)
    await changed
    stop()

    expect(seen).toEqual([0, 1, 2])
  })
})
