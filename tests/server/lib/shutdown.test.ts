import { describe, expect, it } from 'vitest'
import { stopWithin } from '../../../src/server/lib/shutdown'

describe('stopping the server', () => {
  it('runs the stop steps and exits 0 when they end in time', async () => {
    const exits: number[] = []
    await stopWithin(1000, async () => {}, { exit: (code) => exits.push(code), log: () => {} })
    expect(exits).toEqual([0])
  })

  it('exits 1 at the deadline when a step never ends (a request or a poll still open)', async () => {
    const exits: number[] = []
    const logged: string[] = []
    const started = Date.now()
    void stopWithin(200, () => new Promise(() => {}), { exit: (code) => exits.push(code), log: (message) => logged.push(message) })
    await expect.poll(() => exits, { timeout: 2000, interval: 20 }).toEqual([1])
    expect(Date.now() - started).toBeGreaterThanOrEqual(190)
    expect(logged.join()).toMatch(/0\.2 s/)
  })

  it('exits 1 when a step fails', async () => {
    const exits: number[] = []
    await stopWithin(1000, () => Promise.reject(new Error('database gone')), { exit: (code) => exits.push(code), log: () => {} })
    expect(exits).toEqual([1])
  })
})
