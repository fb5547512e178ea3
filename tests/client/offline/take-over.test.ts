import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MeteringDb } from '../../../src/client/offline'
import { cacheServerRows, discard, enqueueEdit, flushOutbox, OutboxStateError, takeOver, type PointPatch } from '../../../src/client/offline'
import { FakeServer } from './fake-server'
import { COLLEAGUE, dispose, freshDb, manualClock, ME, point } from './helpers'

// Probe 2: the operator's offline edit waited (the operator signed out, then was deactivated); the colleague who signed
// in next edited the same point, and that edit waited behind it forever, with nothing on the colleague's screen.

let db: MeteringDb
let server: FakeServer
let clock: ReturnType<typeof manualClock>

beforeEach(async () => {
  db = freshDb()
  server = new FakeServer()
  clock = manualClock()
  server.seedPoint(point(1))
  await cacheServerRows('points', [...server.points.values()], { complete: true }, db)
})

afterEach(() => dispose(db))

const flushAs = (user: number) => flushOutbox(server.transportAs(user), { author: user, db, ...clock, retryNow: true })
const editPoint = (author: number, patch: PointPatch, authorName?: string) =>
  enqueueEdit({ author, authorName, entity: 'point', op: 'update', entityId: 1, patch, baseVersion: 1 }, db)

describe("another user's waiting edit of a point", () => {
  it('taken over, goes under the new author with a new key, and the edits behind it follow', async () => {
    const theirs = await editPoint(COLLEAGUE, { name: 'Их имя' }, 'Пётр Смирнов')
    expect(theirs.authorName).toBe('Пётр Смирнов')
    await editPoint(ME, { remark: 'Моё примечание' })
    expect(await flushAs(ME)).toMatchObject({ applied: 0 })

    await takeOver(theirs.seq!, COLLEAGUE, ME, 'Анна Иванова', db)
    const taken = (await db.outbox.get(theirs.seq!))!
    expect(taken).toMatchObject({ author: ME, authorName: 'Анна Иванова', status: 'pending' })
    expect(taken.mutationId).not.toBe(theirs.mutationId)

    expect(await flushAs(ME)).toMatchObject({ applied: 2 })
    expect(server.appliedBy).toEqual([ME, ME])
    expect(server.requirePoint(1)).toMatchObject({ name: 'Их имя', remark: 'Моё примечание' })
  })

  it('is taken over or discarded only while it is still the author the screen named', async () => {
    const theirs = await editPoint(COLLEAGUE, { name: 'Их имя' })
    await expect(takeOver(theirs.seq!, ME, ME, undefined, db)).rejects.toThrow(OutboxStateError)
    await discard(theirs.seq!, COLLEAGUE, db)
    expect(await db.outbox.count()).toBe(0)
    expect((await db.points.get(1))!.name).toBe(point(1).name)
  })
})
