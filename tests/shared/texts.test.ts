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
    // A user probe read «Значение должно быть от 0 до 1000000000» under the point's limit.
    expect(T.outOfRange(0, 1_000_000_000)).toBe('Значение должно быть от 0 до 1\u00a0000\u00a0000\u00a0000')
    // The task log's lines about the meter constant, beside «Постоянная счётчика A = 5 000 имп/кВт·ч».
    expect(T.meterConstantUnread('нет ответа', 5000)).toBe('Постоянная счётчика не прочитана (нет ответа): профиль пересчитан при A = 5\u00a0000')
    expect(T.meterConstantMismatch(25000, 1000)).toBe(
      'Внимание: постоянная в параметрах подключения A = 25\u00a0000 не совпадает с прочитанной из счётчика A = 1\u00a0000; ' +
        'профиль пересчитан при A = 25\u00a0000',
    )
  })
})

describe('the spelling of texts', () => {
  const textsSource = readFileSync(path.join(root, 'src/shared/texts.ts'), 'utf8')
  const codeLines = (source: string) => source.split('\n').filter((line) => !/^\s*(\/\/|\/?\*)/.test(line))

  it('quotes with «» and sets a participle phrase off with commas', () => {
    expect(T.pointNotFoundBySearch('zzzz')).toBe('Точка учёта, содержащая «zzzz», не найдена.')
    expect(codeLines(textsSource).filter((line) => line.includes('"'))).toEqual([])
  })

  it('writes Russian words in Cyrillic letters only', () => {
    expect(codeLines(textsSource).filter((line) => /[A-Za-z][а-яё]|[а-яё][A-Za-z]/.test(line))).toEqual([])
  })

  it('spells «счётчик» with ё in the console, as its menu does', () => {
    const client = readdirSync(path.join(root, 'src/client'), { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.gen.ts'))
      .flatMap((file) => codeLines(readFileSync(path.join(root, 'src/client', file), 'utf8')).map((line) => `${file}: ${line.trim()}`))
    // The 010 form's title is the printed form's own wording, as the workbooks it replaces have it.
    const texts = codeLines(textsSource).filter((line) => !line.includes('report010Heading'))
    expect([...client, ...texts].filter((line) => /[Сс]четчик/.test(line))).toEqual([])
  })
})
