import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cacheServerRows, countWaiting, enqueueEdit, listOutbox, offlineDb } from '../../../src/client/offline'
import { sendOutbox } from '../../../sw/outbox-sync'
import { rememberToken, storedToken } from '../../../sw/requests-check'
import { COLLEAGUE, ME, point, tokenOf } from '../offline/helpers'

/** The server as the worker's fetch meets it: batches to POST /api/outbox/, or no answer at all. */
class Server {
  down = false
  refuseToken = false
  readonly batches: { authorization: string | undefined; entries: { path: string; headers: Record<string, string> }[] }[] = []

  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    if (this.down) throw new TypeError('Failed to fetch')
    expect(String(input)).toBe('/api/outbox/')
    const { entries } = JSON.parse(String(init.body)) as { entries: { path: string; body: Record<string, unknown>; headers: Record<string, string> }[] }
    this.batches.push({ authorization: (init.headers as Record<string, string>).Authorization, entries })
    if (this.refuseToken) return Response.json({ detail: 'Недопустимый токен' }, { status: 401 })
    const results = entries.map((entry) => {
      const id = Number(/\/api\/points\/(\d+)\//.exec(entry.path)?.[1])
      return { status: 200, body: { ...point(id), ...entry.body, version: 2 }, headers: {} }
    })
    return Response.json({ results })
  }
}

let server: Server

beforeEach(async () => {
  server = new Server()
  vi.stubGlobal('fetch', server.fetch)
  await offlineDb().outbox.clear()
  await cacheServerRows('points', [point(1), point(2)], { complete: true })
  await rememberToken(tokenOf(ME))
})

afterEach(() => vi.unstubAllGlobals())

const edit = (id: number, remark: string, author = ME) =>
  enqueueEdit({ author, entity: 'point', op: 'update', entityId: id, patch: { remark }, baseVersion: 1 })

describe("the service worker's Background Sync of the outbox", () => {
  it("sends the queue through the console's replay with the token the page handed over, each edit once", async () => {
    const first = await edit(1, 'из фона')
    const second = await edit(2, 'тоже')

    await sendOutbox()

    expect(server.batches.map((batch) => batch.authorization)).toEqual([`JWT ${tokenOf(ME)}`, `JWT ${tokenOf(ME)}`])
    expect(server.batches.flatMap((batch) => batch.entries.map((entry) => entry.headers['Idempotency-Key']))).toEqual([first.mutationId, second.mutationId])
    expect(await countWaiting(ME)).toBe(0)
  })

  it("sends only the edits of the token's user, never a colleague's", async () => {
    await edit(1, 'коллеги', COLLEAGUE)
    const mine = await edit(2, 'моё')

    await sendOutbox()

    expect(server.batches.flatMap((batch) => batch.entries.map((entry) => entry.headers['Idempotency-Key']))).toEqual([mine.mutationId])
    expect(await countWaiting(COLLEAGUE)).toBe(1)
  })

  it('fails while the server is out of reach, so that the browser fires the sync again, and keeps the queue', async () => {
    await edit(1, 'позже')
    server.down = true

    await expect(sendOutbox()).rejects.toThrow()

    expect(await listOutbox(ME)).toMatchObject([{ status: 'pending', attempts: 1 }])
    server.down = false
    await sendOutbox()
    expect(await countWaiting(ME)).toBe(0)
  })

  it('forgets a refused token and leaves the queue for the page; without a token it sends nothing', async () => {
    await edit(1, 'после входа')
    server.refuseToken = true

    await sendOutbox()

    expect(await storedToken()).toBeNull()
    expect(await listOutbox(ME)).toMatchObject([{ status: 'pending', attempts: 0 }])
    server.refuseToken = false
    await sendOutbox()
    expect(server.batches).toHaveLength(1)
    expect(await countWaiting(ME)).toBe(1)
  })
})
