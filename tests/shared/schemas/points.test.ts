import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { geopointParts, pointForm, pointInput } from '../../../src/shared/schemas/points'
import { T } from '../../../src/shared/texts'

// Issue 20 point 14: a point's place, latitude −90…90 and longitude −180…180, checked by the form and the API alike.

const POINT = { name: 'ТП-7', point_number: 'PN-7', address: 'ул. Ленина, 7' }
const FORM = { ...POINT, remark: '', customer_id: null, energy_limit: '5000' }
const messages = (result: v.SafeParseResult<v.GenericSchema>) =>
  Object.fromEntries((result.issues ?? []).map((issue) => [issue.path?.map((p) => String(p.key)).join('.'), issue.message]))

describe('the geopoint the API takes', () => {
  it('is empty or «latitude, longitude» in decimal degrees within range', () => {
    for (const geopoint of ['', '56.838011, 60.597465', '-33.8688, 151.2093', '90, -180', '0, 0'])
      expect(v.safeParse(pointInput, { ...POINT, geopoint }).success, geopoint).toBe(true)
  })
  it('refuses a place off the globe or not two numbers, in Russian', () => {
    for (const geopoint of ['91, 10', '56.8, 180.5', '-90.1, 0', 'Екатеринбург', '56.8', '56,8 60,5']) {
      const result = v.safeParse(pointInput, { ...POINT, geopoint })
      expect(result.success, geopoint).toBe(false)
      expect(messages(result).geopoint).toBe(T.geopointInvalid)
    }
  })
})

describe('the point form’s latitude and longitude', () => {
  it('send «latitude, longitude», a comma before the fraction taken as well, and nothing when both are empty', () => {
    expect(v.parse(pointForm, { ...FORM, latitude: '56,838011', longitude: ' 60.597465 ' }).geopoint).toBe('56.838011, 60.597465')
    expect(v.parse(pointForm, { ...FORM, latitude: '-33.8688', longitude: '151.2093' }).geopoint).toBe('-33.8688, 151.2093')
    expect(v.parse(pointForm, { ...FORM, latitude: '', longitude: '' }).geopoint).toBe('')
    expect(v.parse(pointForm, { ...FORM, latitude: '0.00000001', longitude: '100' }).geopoint).toBe('0, 100')
  })
  it('say which one is out of range, in Russian', () => {
    expect(messages(v.safeParse(pointForm, { ...FORM, latitude: '95', longitude: '60' }))).toEqual({ latitude: T.latitudeRange })
    expect(messages(v.safeParse(pointForm, { ...FORM, latitude: '56', longitude: '-181' }))).toEqual({ longitude: T.longitudeRange })
    expect(messages(v.safeParse(pointForm, { ...FORM, latitude: 'север', longitude: '60' }))).toEqual({ latitude: T.latitudeRange })
  })
  it('want both or neither', () => {
    expect(messages(v.safeParse(pointForm, { ...FORM, latitude: '56.8', longitude: '' }))).toEqual({ longitude: T.geopointBoth })
    expect(messages(v.safeParse(pointForm, { ...FORM, latitude: '', longitude: '60.5' }))).toEqual({ latitude: T.geopointBoth })
  })
  it('are read back from a stored geopoint', () => {
    expect(geopointParts('56.838011, 60.597465')).toEqual({ latitude: '56.838011', longitude: '60.597465' })
    expect(geopointParts('')).toEqual({ latitude: '', longitude: '' })
    // Another form of the past is shown as it is, for the user to put right.
    expect(geopointParts('у моста')).toEqual({ latitude: 'у моста', longitude: '' })
  })
})
