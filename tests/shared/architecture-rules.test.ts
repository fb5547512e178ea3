import path from 'node:path'
import { ESLint } from 'eslint'
import { describe, expect, it } from 'vitest'

/** The rules of docs/architecture.md that the lint enforces, each tried on a file that breaks it and one that keeps it. */
const root = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: root })

async function messages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) })
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

const IN_TEXTS = 'a message a user reads is written once, in src/shared/texts.ts (T)'

describe('the lint keeps the layers and the texts where docs/architecture.md puts them', () => {
  it('fails a route that queries the database itself', async () => {
    expect(await messages('src/server/routes/example.ts', "import { eq } from 'drizzle-orm'\nexport const f = eq\n")).toEqual([
      expect.stringContaining('routes call repositories and commands'),
    ])
  })

  it('fails a feature that reaches into another feature past its api', async () => {
    const code = "import { CustomerDialog } from '../../customers/components/customer-dialog'\nexport const C = CustomerDialog\n"
    expect(await messages('src/client/features/points/components/example.tsx', code)).toEqual([
      expect.stringContaining('a feature reaches another feature only through its api/ or index'),
    ])
    expect(await messages('src/client/features/points/components/example.tsx', code.replace('components/customer-dialog', 'api/customers'))).toEqual([])
  })

  it('fails a Russian message written into an error, a banner, a confirmation or a task-log line', async () => {
    const server = [
      "throw new MeterConfigError('host', 'не задан')",
      'throw badRequest(`Нет точки ${id}`)',
      "note('Нагрузка включена')",
      "class E extends Error { constructor() { super('Ошибка') } }",
    ]
    for (const line of server) expect(await messages('src/server/collector/example.ts', `${line}\n`), line).toEqual([IN_TEXTS])
    const client = [
      "notify.success('Сохранено')",
      "v.regex(/^\\d{10}$/, 'ИНН из 10 цифр')",
      "confirm({ message: T.confirmDeleteRow, confirmLabel: 'Удалить' })",
    ]
    for (const line of client) expect(await messages('src/client/features/points/example.ts', `${line}\n`), line).toEqual([IN_TEXTS])
  })

  it('lets the same calls take their texts from T, and a screen keep its own labels', async () => {
    const code = [
      "throw new MeterConfigError('host', T.poll.notSet)",
      'note(T.poll.relayOn)',
      'confirm({ message: T.confirmDeleteRow, confirmLabel: T.delete })',
      "const columns = [{ key: 'name', header: 'Наименование' }]",
    ].join('\n')
    expect(await messages('src/client/features/points/example.ts', `${code}\n`)).toEqual([])
    expect(await messages('src/shared/texts.ts', "export const T = { failed: () => new Error('Ошибка') }\n")).toEqual([])
  })
})
