import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { T } from '../../src/shared/texts'

/** Every source file that may say a text: the console, the server, the service worker. */
const root = path.resolve(import.meta.dirname, '../..')
const sources = ['src', 'sw']
  .flatMap((dir) => readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((file) => path.join(root, dir, file)))
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith(path.join('shared', 'texts.ts')))
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n')

const said = (pattern: string) => new RegExp(pattern).test(sources)

describe('texts.ts', () => {
  it('holds only texts the product says', () => {
    const unsaid: string[] = []
    for (const [key, value] of Object.entries(T)) {
      // A group read member by member (T.poll.crc) is checked member by member; one read by a key (T.veeStatus[status]) whole.
      if (typeof value === 'object' && !said(`\\bT\\.${key}\\[`)) {
        for (const member of Object.keys(value)) if (!said(`\\bT\\.${key}\\.${member}\\b`)) unsaid.push(`T.${key}.${member}`)
      } else if (!said(`\\bT\\.${key}\\b`)) {
        unsaid.push(`T.${key}`)
      }
    }
    expect(unsaid).toEqual([])
  })
})

describe('numbers inside texts', () => {
  it('are written the Russian way: grouped digits, a decimal comma', () => {
    expect(T.poll.registersRead(4, 82390.035)).toBe('Прочитаны показания: 4 значений, A+ 82\u00a0390,035 кВт·ч')
    expect(T.constantRead(25000)).toBe('прочитана из счётчика: 25\u00a0000 имп/кВт·ч')
    expect(T.poll.timeout(1500)).toBe('Счётчик не ответил за 1\u00a0500 мс')
    expect(T.poll.connectTimeout(12000)).toBe('не удалось подключиться за 12\u00a0000 мс')
  })
})
