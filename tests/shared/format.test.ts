import { describe, expect, it } from 'vitest'
import { csvNumber, digitsForUnit, formatInUnit, formatIsoDate, formatNumber, formatQuantity, plural } from '../../src/shared/format'
import { T } from '../../src/shared/texts'

// Issue 20 point 4: «34290.103238961034», «120.38999999999999» and axes «100,000» as Russians write them.
// Intl writes a narrow no-break space (U+202F) between digit groups in ru-RU.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ')

describe('numbers as Russians write them', () => {
  it("groups thousands, writes a decimal comma and keeps each quantity's precision", () => {
    expect(plain(formatQuantity(34290.103238961034, 'energy'))).toBe('34 290,103')
    expect(plain(formatQuantity(757, 'energy'))).toBe('757,000')
    expect(formatQuantity(120.38999999999999, 'angle')).toBe('120,39')
    expect(formatQuantity(229.7, 'voltage')).toBe('229,70')
    expect(formatQuantity(0.9, 'powerFactor')).toBe('0,900')
    expect(formatQuantity(null, 'energy')).toBe('—')
  })

  it('writes chart axes and loose numbers without trailing zeros', () => {
    expect(plain(formatNumber(100000))).toBe('100 000')
    expect(formatNumber(2.5)).toBe('2,5')
    expect(formatNumber('')).toBe('—')
    expect(formatNumber(Number.NaN)).toBe('—')
  })

  // Found on a clean clone's demo: a meter clock 0.3 s slow was logged «Часы счётчика: расхождение -0 с».
  it('writes no minus before a number that shows as zero', () => {
    expect(formatNumber(-0, 0)).toBe('0')
    expect(formatNumber(-0.0004)).toBe('0')
    expect(formatQuantity(-0.0001, 'energy')).toBe('0,000')
    expect(formatNumber(-5.5)).toBe('-5,5')
  })

  it("lets the API's unit choose the decimals", () => {
    expect(digitsForUnit('кВт·ч')).toBe(3)
    expect(digitsForUnit('°')).toBe(2)
    expect(formatInUnit(120.38999999999999, '°')).toBe('120,39')
    expect(formatInUnit(5.1234, 'А')).toBe('5,123')
    expect(formatInUnit(50.0049, 'Гц')).toBe('50,00')
  })

  // Found from the user's side: the phase tab wrote «1 187,820 Вт» and «459,490 вар», milliwatts no meter gives.
  it('writes watts, vars and volt-amperes with one decimal at most, kilowatts with three', () => {
    expect(plain(formatInUnit(1187.82, 'Вт'))).toBe('1 187,8')
    expect(formatInUnit(459.49, 'вар')).toBe('459,5')
    expect(formatInUnit(512, 'ВА')).toBe('512,0')
    expect(digitsForUnit('Вт')).toBe(1)
    expect(formatInUnit(1.18782, 'кВт')).toBe('1,188')
  })

  it('writes CSV cells that a Russian spreadsheet reads as numbers', () => {
    expect(csvNumber(34290.103238961034)).toBe('34290,103')
    expect(csvNumber(-1200.5, 'energy')).toBe('-1200,500')
    expect(csvNumber(null)).toBe('')
  })

  it('writes dates DD.MM.YYYY', () => {
    expect(formatIsoDate('2026-11-03')).toBe('03.11.2026')
    expect(formatIsoDate('2026-11-03T10:30:00Z')).toBe('03.11.2026')
    expect(formatIsoDate(null)).toBe('—')
  })
})

describe('counts in Russian words', () => {
  it('takes the form a count asks for: 1 and 21 one, 2 to 4 and 22 another, 5 to 20, 11 to 14 and 0 the third', () => {
    const forms = (n: number) => plural(n, 'элемент', 'элемента', 'элементов')
    expect([1, 21, 101].map(forms)).toEqual(['элемент', 'элемент', 'элемент'])
    expect([2, 4, 22, 104].map(forms)).toEqual(['элемента', 'элемента', 'элемента', 'элемента'])
    expect([0, 5, 11, 12, 14, 20, 100, 111].map(forms)).toEqual(Array(8).fill('элементов'))
  })

  it('says the limit of a list in items, after «не более» in the genitive', () => {
    expect(T.tooManyItems(100)).toBe('Не более 100 элементов')
    expect(T.tooManyItems(20)).toBe('Не более 20 элементов')
    expect(T.tooManyItems(21)).toBe('Не более 21 элемента')
    expect(T.tooManyItems(3)).toBe('Не более 3 элементов')
    expect(T.tooLong(100)).toBe('Не более 100 символов')
    expect(T.tooLong(1)).toBe('Не более 1 символа')
  })
})
