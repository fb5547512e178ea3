import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import fc from 'fast-check'
import { customerInput } from '../../src/shared/schemas/customers'
import { T } from '../../src/shared/texts'
import { kppError, ogrnError } from '../../src/shared/validation/company-ids'
import { innChecksumValid, innError } from '../../src/shared/validation/inn'
import { formatSnils, snilsChecksum, snilsError } from '../../src/shared/validation/snils'
import { uploadProblem } from '../../src/shared/validation/upload'
import { FILE_MAX_BYTES, FILES_PER_REQUEST_MAX } from '../../src/shared/constants'

// Publicly known numbers: ПАО Сбербанк (INN 7707083893, KPP 773601001, OGRN 1027700132195), ПАО «Газпром»
// (7736050003), ФНС's sample individual INN 500100732259, the textbook SNILS 112-233-445 95.
describe('INN', () => {
  it('accepts real legal-entity and individual numbers', () => {
    for (const inn of ['7707083893', '7736050003', '7830002293']) expect(innError(inn, 3)).toBeNull()
    for (const inn of ['500100732259', '773370857141']) expect(innError(inn, 2)).toBeNull()
  })
  it('says which length the type needs, refuses an INN for an individual, and checks the control digits', () => {
    expect(innError('770708389', 3)).toBe(T.innLegalEntity)
    expect(innError('500100732259', 3)).toBe(T.innLegalEntity)
    expect(innError('7707083893', 2)).toBe(T.innSoleProprietor)
    expect(innError('77070838a3', 3)).toBe(T.innLegalEntity)
    expect(innError('7707083893', 1)).toBe(T.innWrongType)
    expect(innError('7707083894', 3)).toBe(T.innChecksum)
    expect(innError('500100732258', 2)).toBe(T.innChecksum)
    expect(innError('500100732249', 2)).toBe(T.innChecksum)
  })
  it('finds every single changed digit of a valid number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const inn = '7707083893'
        const changed = inn.slice(0, position) + String((Number(inn[position]) + delta) % 10) + inn.slice(position + 1)
        return !innChecksumValid(changed)
      }),
    )
  })
})

describe('SNILS', () => {
  it('accepts valid numbers, including sums of 100 and over 101', () => {
    expect(snilsError('112-233-445 95')).toBeNull()
    expect(snilsChecksum('920000003')).toBe(0) // sum 100
    expect(snilsChecksum('920000004')).toBe(0) // sum 101
    expect(snilsChecksum('000000151')).toBe(14) // sum 14
    expect(snilsChecksum('999999999')).toBe(405 % 101)
    expect(snilsError(formatSnils(`123456789${String(snilsChecksum('123456789')).padStart(2, '0')}`))).toBeNull()
  })
  it('refuses wrong lengths and formats, and a wrong checksum', () => {
    expect(snilsError('112-233-445 9')).toBe(T.snilsLength)
    expect(snilsError('11223344595')).toBe(T.snilsLength)
    expect(snilsError('112-233-445 96')).toBe(T.snilsChecksum)
    // Numbers up to 001-001-998 were issued before the control number rule: any two digits stand.
    expect(snilsError('001-001-998 00')).toBeNull()
    expect(snilsError('000-000-001 77')).toBeNull()
    expect(snilsError('001-001-999 00')).toBe(T.snilsChecksum)
  })
  it('formats as it is typed', () => {
    expect(formatSnils('1')).toBe('1')
    expect(formatSnils('1122')).toBe('112-2')
    expect(formatSnils('112233445')).toBe('112-233-445')
    expect(formatSnils('1122334459')).toBe('112-233-445 9')
    expect(formatSnils('112-233-445 95 77')).toBe('112-233-445 95')
  })
})

describe('OGRN and KPP', () => {
  it('needs 15 digits for a sole proprietor, 13 for a legal entity, 9 for KPP', () => {
    expect(ogrnError('304500116000157', 2)).toBeNull()
    expect(ogrnError('1027700132195', 3)).toBeNull()
    expect(ogrnError('1027700132195', 2)).toBe(T.ogrnSoleProprietor)
    expect(ogrnError('304500116000157', 3)).toBe(T.ogrnLegalEntity)
    expect(kppError('773601001')).toBeNull()
    expect(kppError('77360100')).toBe(T.kppLength)
  })

  it('checks the control digit: OGRN mod 11 of the first 12, OGRNIP mod 13 of the first 14', () => {
    // 102770013219 mod 11 = 5; 30450011600015 mod 13 = 7.
    expect(ogrnError('1027700132194', 3)).toBe(T.ogrnChecksum)
    expect(ogrnError('304500116000158', 2)).toBe(T.ogrnChecksum)
    expect(ogrnError('1027739057500', 3)).toBeNull()
    // 100000000000 mod 11 = 10: the control digit is 0.
    expect(ogrnError('1000000000000', 3)).toBeNull()
    expect(ogrnError('1000000000001', 3)).toBe(T.ogrnChecksum)
  })

  it('accepts a KPP with letters A-Z in its fifth and sixth places (allowed since 2013)', () => {
    expect(kppError('7736AB001')).toBeNull()
    expect(kppError('7736ab001')).toBe(T.kppLength)
    expect(kppError('77A601001')).toBe(T.kppLength)
  })
})

describe('customer schema', () => {
  const names = { last_name: 'Иванов', first_name: 'Иван', middle_name: 'Иванович' }
  const issues = (value: unknown) => {
    const result = v.safeParse(customerInput, value)
    return result.success ? {} : Object.fromEntries(result.issues.map((i) => [i.path?.map((p) => p.key).join('.'), i.message]))
  }
  it('requires the names and a type', () => {
    expect(issues({})).toMatchObject({ last_name: T.required, first_name: T.required, middle_name: T.required, customer_type: T.customerTypeRequired })
  })
  it('checks each typed field with its message', () => {
    expect(issues({ ...names, customer_type: 3, company_inn: '123', company_kpp: '1', company_ogrn: '2' })).toEqual({
      company_full_name: T.required,
      company_inn: T.innLegalEntity,
      company_kpp: T.kppLength,
      company_ogrn: T.ogrnLegalEntity,
    })
    expect(issues({ ...names, customer_type: 2, company_inn: '7707083893', company_ogrn: '1027700132195', snils: '112-233-445 96' })).toEqual({
      company_inn: T.innSoleProprietor,
      company_ogrn: T.ogrnSoleProprietor,
      snils: T.snilsChecksum,
    })
    expect(issues({ ...names, customer_type: 1, company_inn: '7707083893' })).toEqual({ company_inn: T.innWrongType })
    expect(
      issues({
        ...names,
        customer_type: 3,
        company_full_name: 'ПАО Сбербанк',
        company_inn: '7707083893',
        company_kpp: '773601001',
        company_ogrn: '1027700132195',
      }),
    ).toEqual({})
  })
})

// The browser's check before an upload reads a file as the server's storage does (Node's path.extname, lower-cased).
describe('upload check', () => {
  const file = (name: string, size = 1) => ({ name, size })
  it('takes what the server stores, up to its limit', () => {
    expect(uploadProblem([file('Акт.PDF'), file('скан.tar.zip', FILE_MAX_BYTES)])).toBeUndefined()
  })
  it('names the first file refused, and the limit', () => {
    expect(uploadProblem([file('акт.pdf'), file('virus.exe')])).toBe(T.uploadTypeNotAllowed('virus.exe'))
    expect(uploadProblem([file('.pdf')])).toBe(T.uploadTypeNotAllowed('.pdf'))
    expect(uploadProblem([file('README')])).toBe(T.uploadTypeNotAllowed('README'))
    expect(uploadProblem([file('пусто.txt', 0)])).toBe(T.uploadEmpty('пусто.txt'))
    expect(uploadProblem([file('big.pdf', FILE_MAX_BYTES + 1)])).toBe('Файл «big.pdf» больше 10 МБ: уменьшите его или разбейте на части')
    expect(uploadProblem(Array.from({ length: FILES_PER_REQUEST_MAX + 1 }, () => file('a.pdf')))).toBe('Не более 30 файлов за одну отправку')
  })
})
