import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../src/server/config'

/** What the server says when it refuses to start on these settings, one line a setting after the first. */
function refusal(env: Record<string, string>): string[] {
  try {
    loadConfig(env)
  } catch (error) {
    return (error as Error).message.split('\n').slice(1)
  }
  throw new Error('the server accepted the settings')
}

describe('the server settings', () => {
  it('start on the defaults', () => {
    expect(loadConfig({})).toMatchObject({ port: 8080, demo: true, collectorConcurrency: 50, trustProxy: false })
  })

  it('name each wrong setting once and say in Russian what it takes', () => {
    const wrong = {
      PORT: '70000',
      DATA_DIR: '',
      DATABASE_URL: 'mysql://db',
      JWT_SECRET: 'short',
      JWT_TTL_HOURS: 'z',
      ADMIN_USERNAME: '',
      ADMIN_PASSWORD: '123',
      DEMO: 'yes',
      LOG_LEVEL: 'loud',
      COLLECTOR: '2',
      COLLECTOR_SERVER_ID: '0',
      COLLECTOR_CONCURRENCY: '100000',
      EMULATOR: 'on',
      EMULATOR_PORT: 'x',
      REQUEST_TIMEOUT_S: '-1',
      SHUTDOWN_TIMEOUT_S: '1.5',
      LORAWAN_SECRET: 'short',
      SUBSCRIBER_UPLOAD_QUOTA_MB: '0',
      SUBSCRIBER_APPLICATIONS_PER_DAY: '',
      TRUST_PROXY: 'x y',
    }
    const lines = refusal(wrong)
    expect(lines.map((line) => line.split(': ')[0])).toEqual(Object.keys(wrong))
    for (const line of lines) {
      const [name, said] = [line.slice(0, line.indexOf(': ')), line.slice(line.indexOf(': ') + 2)]
      expect(said, line).not.toContain(name)
      expect(said, line).toMatch(/^[^A-Za-z]*[а-яё]/i)
    }
  })

  it('say the range a number must be in', () => {
    expect(refusal({ COLLECTOR_CONCURRENCY: '0' })).toEqual(['COLLECTOR_CONCURRENCY: целое число от 1 до 9999'])
    expect(refusal({ LOG_LEVEL: 'loud' })).toEqual(['LOG_LEVEL: одно из: fatal, error, warn, info, debug, trace, silent'])
  })
})
