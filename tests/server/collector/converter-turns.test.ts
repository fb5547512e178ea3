import { describe, expect, it } from 'vitest'
import { converterOf, freeSlots, inTurn, ON_DEMAND_AHEAD_MAX, onWaitStart } from '../../../src/server/collector/converter-turns'

/** A poll that stays on its converter until released, noting when it starts and ends. */
function heldPoll(events: string[], name: string) {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const poll = async (waited: boolean) => {
    events.push(`${name} starts${waited ? ' after waiting' : ''}`)
    await released
    events.push(`${name} ends`)
    return name
  }
  return { poll, release }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

describe('turns on a converter', () => {
  it('run the polls of one converter one after another, in the order they came, and of others at once', async () => {
    const events: string[] = []
    const [a, b, c, other] = ['a', 'b', 'c', 'other'].map((name) => heldPoll(events, name))
    let waitStarts = 0
    const stopListening = onWaitStart(() => waitStarts++)
    const bus = converterOf('Converter.local', 4001)
    expect(bus).toBe(converterOf('converter.local', 4001))
    const runs = [inTurn(bus, a!.poll), inTurn(bus, b!.poll), inTurn(bus, c!.poll), inTurn(converterOf('converter.local', 4002), other!.poll)]
    await settle()
    expect(events).toEqual(['a starts', 'other starts'])
    // Two polls wait: they take no slot of four with five running.
    expect(waitStarts).toBe(2)
    expect(freeSlots(4, 5)).toBe(1)
    stopListening()
    b!.release()
    await settle()
    expect(events).toEqual(['a starts', 'other starts'])
    a!.release()
    await settle()
    expect(events.slice(2)).toEqual(['a ends', 'b starts after waiting', 'b ends', 'c starts after waiting'])
    c!.release()
    other!.release()
    await expect(Promise.all(runs)).resolves.toEqual(['a', 'b', 'c', 'other'])
    expect(freeSlots(4, 0)).toBe(4)
  })

  it('hands the converter on when a poll fails', async () => {
    const failing = inTurn('bus:1', () => Promise.reject(new Error('lost')))
    const next = inTurn('bus:1', (waited) => Promise.resolve(waited))
    await expect(failing).rejects.toThrow('lost')
    await expect(next).resolves.toBe(true)
    await expect(inTurn('bus:1', (waited) => Promise.resolve(waited))).resolves.toBe(false)
  })

  it("let a person's read go ahead of the scheduled polls waiting, after the reads asked before it", async () => {
    const events: string[] = []
    const [running, scheduled, asked, askedLater] = ['running', 'scheduled', 'asked', 'asked later'].map((name) => heldPoll(events, name))
    const runs = [
      inTurn('bus:2', running!.poll),
      inTurn('bus:2', scheduled!.poll),
      inTurn('bus:2', asked!.poll, { onDemand: true }),
      inTurn('bus:2', askedLater!.poll, { onDemand: true }),
    ]
    for (const poll of [running, asked, askedLater, scheduled]) {
      poll!.release()
      await settle()
    }
    await Promise.all(runs)
    expect(events.filter((event) => event.endsWith('starts') || event.endsWith('waiting'))).toEqual([
      'running starts',
      'asked starts after waiting',
      'asked later starts after waiting',
      'scheduled starts after waiting',
    ])
  })
})

describe('a stream of reads people ask for', () => {
  it('lets a scheduled poll waiting have its turn after ON_DEMAND_AHEAD_MAX of them', async () => {
    const started: string[] = []
    /** Releases the poll holding the converter. */
    let release = () => {}
    const poll = (name: string) => async () => {
      started.push(name)
      await new Promise<void>((resolve) => (release = resolve))
    }
    const runs = [inTurn('bus:3', poll('running')), inTurn('bus:3', poll('scheduled'))]
    // A read asked again and again, one always waiting: the scheduled poll must not wait for ever.
    for (let read = 1; read <= 10 && !started.includes('scheduled'); read++) {
      runs.push(inTurn('bus:3', poll(`read ${read}`), { onDemand: true }))
      await settle()
      release()
      await settle()
    }
    expect(started).toContain('scheduled')
    expect(started.slice(0, ON_DEMAND_AHEAD_MAX + 2)).toEqual([
      'running',
      ...Array.from({ length: ON_DEMAND_AHEAD_MAX }, (_, i) => `read ${i + 1}`),
      'scheduled',
    ])
    while (started.length < runs.length) {
      release()
      await settle()
    }
    release()
    await Promise.all(runs)
  })
})
