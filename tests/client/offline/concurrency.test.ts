import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cacheServerRows, countWaiting, enqueueEdit, flushOutbox, getCachedRow, listOutbox, MeteringDb, type Transport } from '../../../src/client/offline'
import { FakeServer } from './fake-server'
import { dispose, freshDb, manualClock, point, ME } from './helpers'

let db: MeteringDb
let server: FakeServer
let clock: ReturnType<typeof manualClock>

beforeEach(async () => {
  db = freshDb()
  server = new FakeServer()
  clock = manualClock()
  for (const id of [1, 2, 3]) server.seedPoint(point(id))
  await cacheServerRows('points', [...server.points.values()], { complete: true }, db)
})

afterEach(() => dispose(db))

const editPoint = (entityId: number, name: string, target = db) =>
  enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId, patch: { name }, baseVersion: 1 }, target)

/** A minimal Web Locks manager shared by every "tab" of the test, as the browser shares it between tabs. */
function installWebLocks(): () => void {
  const held = new Set<string>()
  const locks = {
    async request(name: string, options: { ifAvailable?: boolean }, callback: (lock: { name: string } | null) => Promise<unknown>) {
      if (held.has(name)) {
        if (options.ifAvailable) return callback(null)
        throw new Error('the polyfill only supports ifAvailable')
      }
      held.add(name)
      try {
        return await callback({ name })
      } finally {
        held.delete(name)
      }
    },
  }
  const previous = Object.getOwnPropertyDescriptor(navigator, 'locks')
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true })
  return () => {
    if (previous) Object.defineProperty(navigator, 'locks', previous)
    else Reflect.deleteProperty(navigator, 'locks')
  }
}

describe('a reload while an edit is in flight', () => {
  it('resends the edit the server applied before the tab died, and it is applied once', async () => {
    const entry = await editPoint(1, 'X')
    const dyingTab: Transport = async (request) => {
      const response = await server.transport(request)
      db.close()
      return response
    }
    await expect(flushOutbox(dyingTab, { author: ME, db, ...clock })).rejects.toThrow()

    const reopened = new MeteringDb(db.name)
    expect((await listOutbox(ME, reopened))[0]).toMatchObject({ mutationId: entry.mutationId, status: 'inflight' })
    expect(server.timesApplied(entry.mutationId)).toBe(1)

    expect(await flushOutbox(server.transport, { author: ME, db: reopened, ...clock })).toMatchObject({ applied: 1 })

    expect(server.received.map((request) => request.headers['Idempotency-Key'])).toEqual([entry.mutationId, entry.mutationId])
    expect(server.timesApplied(entry.mutationId)).toBe(1)
    expect(server.requirePoint(1)).toMatchObject({ name: 'X', version: 2 })
    expect(await getCachedRow('points', 1, reopened)).toEqual(server.requirePoint(1))
    expect(await countWaiting(ME, reopened)).toBe(0)
    db = reopened
  })

  it('sends an edit the server never got before the tab died exactly once', async () => {
    const entry = await editPoint(1, 'X')
    const dyingTab: Transport = async () => {
      db.close()
      throw new Error('tab closed')
    }
    await expect(flushOutbox(dyingTab, { author: ME, db, ...clock })).rejects.toThrow()

    const reopened = new MeteringDb(db.name)
    expect(await flushOutbox(server.transport, { author: ME, db: reopened, ...clock })).toMatchObject({ applied: 1 })
    expect(server.timesApplied(entry.mutationId)).toBe(1)
    expect((await getCachedRow('points', 1, reopened))?.version).toBe(2)
    db = reopened
  })
})

describe('two flushers at once', () => {
  const slowTransport: Transport = async (request) => {
    await new Promise((resolve) => setTimeout(resolve, 5))
    return server.transport(request)
  }

  it('with Web Locks, two tabs: one sends, the other returns busy, each edit applied once', async () => {
    const uninstall = installWebLocks()
    const otherTab = new MeteringDb(db.name)
    try {
      const keys = [(await editPoint(1, 'A')).mutationId, (await editPoint(2, 'B')).mutationId, (await editPoint(3, 'C')).mutationId]

      const reports = await Promise.all([
        flushOutbox(slowTransport, { author: ME, db, ...clock }),
        flushOutbox(slowTransport, { author: ME, db: otherTab, ...clock }),
      ])

      expect(reports.map((report) => report.busy).sort()).toEqual([false, true])
      expect(reports.reduce((sum, report) => sum + report.applied, 0)).toBe(3)
      expect(server.applied).toEqual(keys)
      expect(server.received).toHaveLength(3)
    } finally {
      otherTab.close()
      uninstall()
    }
  })

  it('without Web Locks, in one tab: the second call returns busy and nothing is sent twice', async () => {
    expect(navigator.locks).toBeUndefined()
    const keys = [(await editPoint(1, 'A')).mutationId, (await editPoint(2, 'B')).mutationId]

    const reports = await Promise.all([flushOutbox(slowTransport, { author: ME, db, ...clock }), flushOutbox(slowTransport, { author: ME, db, ...clock })])

    expect(reports.map((report) => report.busy)).toEqual([false, true])
    expect(server.applied).toEqual(keys)
    expect(server.received).toHaveLength(2)
  })

  it('an edit made while the flush runs is sent by that same flush', async () => {
    const first = await editPoint(1, 'A')
    let late: Promise<unknown> | undefined
    const editingWhileSending: Transport = async (request) => {
      late ??= editPoint(2, 'B').then(() => flushOutbox(server.transport, { author: ME, db, ...clock }))
      await late
      return server.transport(request)
    }

    const report = await flushOutbox(editingWhileSending, { author: ME, db, ...clock })

    expect(await late).toMatchObject({ busy: true })
    expect(report).toMatchObject({ applied: 2 })
    expect(server.applied[0]).toBe(first.mutationId)
    expect(server.applied).toHaveLength(2)
    expect(await countWaiting(ME, db)).toBe(0)
  })
})
