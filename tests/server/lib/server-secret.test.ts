import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadServerSecret, readServerSecret } from '../../../src/server/lib/server-secret'

const dir = mkdtempSync(path.join(tmpdir(), 'server-secret-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('the server secret', () => {
  it('is read by a collecting service without ever being generated there: the server generates it', () => {
    const configured = 'configured-secret-configured-secret-00'
    expect(readServerSecret(configured, dir)).toBe(configured)
    expect(readServerSecret(undefined, dir)).toBeUndefined()
    expect(existsSync(path.join(dir, 'server-secret'))).toBe(false)
    const generated = loadServerSecret(undefined, dir)
    expect(readServerSecret(undefined, dir)).toBe(generated)
    expect(loadServerSecret(undefined, dir)).toBe(generated)
  })
})
