import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { T } from '../../../../src/shared/texts'
import { startTestApp, type TestApp } from '../../../helpers/test-app'

// Issue 20 point 14: the API holds a point's place to the globe, as the form does, and says so in Russian.

let t: TestApp
beforeAll(async () => {
  t = await startTestApp()
})
afterAll(() => t.close())

describe('a point’s geopoint through the API', () => {
  it('keeps «latitude, longitude» within range and refuses one off the globe on the field', async () => {
    const point = { name: 'ТП-гео', point_number: 'GEO-1', address: 'ул. Мира, 1' }
    const created = await t.call(t.adminToken, { method: 'POST', url: '/api/points/', payload: { ...point, geopoint: '56.838011, 60.597465' } })
    expect(created.statusCode).toBe(201)
    const { point_id: id, version } = created.json() as { point_id: number; version: number }
    expect(created.json()).toMatchObject({ geopoint: '56.838011, 60.597465' })

    const refused = await t.call(t.adminToken, {
      method: 'PUT',
      url: `/api/points/${id}/`,
      headers: { 'If-Match': `"${version}"` },
      payload: { ...point, geopoint: '95, 60' },
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ geopoint: [T.geopointInvalid] })

    const cleared = await t.call(t.adminToken, {
      method: 'PUT',
      url: `/api/points/${id}/`,
      headers: { 'If-Match': `"${version}"` },
      payload: { ...point, geopoint: '' },
    })
    expect(cleared.statusCode).toBe(200)
    expect(cleared.json()).toMatchObject({ geopoint: '' })
  })
})
