import { describe, expect, it } from 'vitest'
import type { Executor } from '../../../src/server/db/client'
import { statementCache } from '../../../src/server/lib/statement-cache'

const database = (name: string) => ({ name }) as unknown as Executor

describe('the cache of built list statements', () => {
  it('builds each shape once per database and builds again for another database', () => {
    const built: string[] = []
    const statement = statementCache(
      (shape: string) => shape,
      (db, shape) => {
        built.push(`${(db as unknown as { name: string }).name}:${shape}`)
        return { shape }
      },
    )
    const main = database('main')
    const first = statement(main, 'name|none|25|0')
    expect(statement(main, 'name|none|25|0')).toBe(first)
    statement(main, 'name|trigram|25|0')
    statement(database('transaction'), 'name|none|25|0')
    expect(built).toEqual(['main:name|none|25|0', 'main:name|trigram|25|0', 'transaction:name|none|25|0'])
  })

  it('keeps a bounded number of shapes, letting the least recently used go first', () => {
    let builds = 0
    const statement = statementCache(
      (offset: number) => String(offset),
      () => ({ build: ++builds }),
    )
    const db = database('main')
    const first = statement(db, 0)
    for (let offset = 1; offset < 100; offset++) statement(db, offset)
    // The first shape was used again last: the second is the oldest and leaves when a new one comes.
    expect(statement(db, 0)).toBe(first)
    statement(db, 100)
    expect(builds).toBe(101)
    expect(statement(db, 0)).toBe(first)
    statement(db, 1)
    expect(builds).toBe(102)
  })

  it('keeps nothing when building fails (an unknown ordering is a 400, asked again it fails again)', () => {
    let calls = 0
    const statement = statementCache(
      (shape: string) => shape,
      () => {
        calls++
        throw new Error('unknown ordering')
      },
    )
    expect(() => statement(database('main'), 'bad')).toThrow('unknown ordering')
    expect(() => statement(database('main'), 'bad')).toThrow('unknown ordering')
    expect(calls).toBe(2)
  })
})
