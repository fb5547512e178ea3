import { afterEach, expect, it } from 'vitest'
import { enqueueEdit, listOutbox, MeteringDb, SCHEMA_VERSIONS, type SchemaVersion } from '../../../src/client/offline'
import { freshDb, point, ME } from './helpers'

const current = SCHEMA_VERSIONS.at(-1)?.version ?? 0

/** A plausible next release: a new index on points and an upgrade that drops the cached lists for a refetch. */
const nextRelease: SchemaVersion = {
  version: current + 1,
  stores: { points: 'point_id, name, point_number, customer.name, address, counter_id, energy_limit' },
  upgrade: async (tx) => {
    await tx.table('points').clear()
    await tx.table('counters').clear()
  },
}

let opened: MeteringDb[] = []
afterEach(async () => {
  const last = opened.at(-1)
  opened.forEach((db) => db.close())
  await last?.delete()
  opened = []
})

it(`an upgrade from version ${current} to ${current + 1} keeps every outbox entry as it was`, async () => {
  const before = freshDb()
  opened.push(before)
  await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 1, patch: { name: 'A' }, baseVersion: 1, current: point(1) }, before)
  await enqueueEdit({ author: ME, entity: 'point', op: 'create', patch: { name: 'B', point_number: 'N', address: 'А' } }, before)
  const entries = await listOutbox(ME, before)
  expect(before.verno).toBe(current)
  before.close()

  const after = new MeteringDb(before.name, [...SCHEMA_VERSIONS, nextRelease])
  opened.push(after)

  expect(await listOutbox(ME, after)).toEqual(entries)
  expect(after.verno).toBe(current + 1)
  expect(await after.points.count()).toBe(0)
  // The new release keeps writing to the same outbox, continuing its order.
  const later = await enqueueEdit({ author: ME, entity: 'point', op: 'update', entityId: 5, patch: { name: 'C' }, baseVersion: 1, current: point(5) }, after)
  expect(later.seq).toBeGreaterThan(entries.at(-1)?.seq ?? Infinity)
})
