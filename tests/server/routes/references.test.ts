import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { T } from '../../../src/shared/texts'
import { startRegistryApp, type RegistryApp } from '../../helpers/test-app'

let t: RegistryApp
beforeAll(async () => {
  t = await startRegistryApp()
})
afterAll(() => t.close())

const get = (url: string, token = t.adminToken) => t.call(token, { method: 'GET', url })

describe('reference data', () => {
  it('walks resource types, model groups, models and model parameters', async () => {
    const resources = (await get('/api/resources_types/?page_size=all')).json()
    expect(resources.count).toBe(3)
    expect(resources.results[0]).toEqual({ resource_type_id: expect.any(Number), name: 'Электроэнергия' })
    const electricity = resources.results[0].resource_type_id
    expect((await get(`/api/resources_types/${electricity}/`)).json().name).toBe('Электроэнергия')

    const groups = (await get(`/api/counters_api/?resource_type=${electricity}`)).json()
    expect(groups.results.map((g: { name: string }) => g.name)).toContain('Меркурий 230/234/236')
    const mercury = groups.results.find((g: { name: string }) => g.name === 'Меркурий 200/206')
    expect((await get(`/api/counters_api/${mercury.counter_model_api_id}/`)).json()).toMatchObject({ name: 'Меркурий 200/206', resource_type: electricity })

    const models = (await get(`/api/counters_models/?resource_type=${electricity}&counter_model_api=${mercury.counter_model_api_id}`)).json()
    const rn = models.results.find((m: { name: string }) => m.name === 'Меркурий 206 RN')
    expect(rn).toMatchObject({
      external_model: 'mercury_206',
      has_storage: true,
      counter_width: 6,
      decimal_places: 2,
      source_name: 'TCP',
      resource_type: electricity,
    })
    expect((await get(`/api/counters_models/${rn.model_id}/`)).json().name).toBe('Меркурий 206 RN')

    const params = (await get(`/api/counters_models_parameters/?page_size=500&model_id=${t.refs.modelIds['Меркурий 230 ART']}`)).json()
    expect(params.count).toBe(14)
    expect(params.results[0]).toMatchObject({ parameter_name: expect.stringContaining('(A+)'), parameter__task_group_name: expect.any(String) })
  })

  it('answers 404 for unknown ids and 400 for a bad filter', async () => {
    for (const url of [
      '/api/resources_types/999/',
      '/api/counters_api/999/',
      '/api/counters_models/999/',
      '/api/data_sources/999/',
      '/api/data_parameters/999/',
    ]) {
      expect((await get(url)).statusCode).toBe(404)
    }
    expect((await get('/api/counters_models/?counter_model_api=abc')).statusCode).toBe(400)
    expect((await get('/api/counters_models_parameters/')).statusCode).toBe(400)
  })

  it('adds, edits and deletes a data source; the name is required', async () => {
    const missing = await t.call(t.adminToken, { method: 'POST', url: '/api/data_sources/', payload: { remark: 'x' } })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({ name: [T.required] })
    const created = await t.call(t.adminToken, { method: 'POST', url: '/api/data_sources/', payload: { name: 'MQTT', remark: 'брокер' } })
    expect(created.statusCode).toBe(201)
    const id = created.json().source_id
    const edited = await t.call(t.adminToken, { method: 'PUT', url: `/api/data_sources/${id}/`, payload: { name: 'MQTT-брокер' } })
    expect(edited.json()).toEqual({ source_id: id, name: 'MQTT-брокер', remark: '' })
    expect((await t.call(t.adminToken, { method: 'DELETE', url: `/api/data_sources/${id}` })).statusCode).toBe(204)
    expect((await get(`/api/data_sources/${id}/`)).statusCode).toBe(404)
    // A source the models use is refused with a clear 400.
    const used = await t.call(t.adminToken, { method: 'DELETE', url: `/api/data_sources/${t.refs.sourceIds.TCP}` })
    expect(used.statusCode).toBe(400)
    expect(used.json().detail).toBe(T.inUse)
  })

  it('adds, edits and deletes a data parameter; name and resource type are required', async () => {
    const missing = await t.call(t.adminToken, { method: 'POST', url: '/api/data_parameters/', payload: {} })
    expect(missing.json()).toEqual({ name: [T.required], resource_type_id: [T.required] })
    const water = (await get('/api/resources_types/?page_size=all')).json().results[1].resource_type_id
    const body = { name: 'Объём горячей воды', resource_type_id: water, remark: '' }
    const headers = { 'idempotency-key': 'param-1' }
    const created = await t.call(t.adminToken, { method: 'POST', url: '/api/data_parameters/', payload: body, headers })
    const replay = await t.call(t.adminToken, { method: 'POST', url: '/api/data_parameters/', payload: body, headers })
    expect(created.statusCode).toBe(201)
    expect(replay.headers['idempotent-replayed']).toBe('true')
    expect(created.json().resource_type_id).toEqual({ resource_type_id: water, name: 'Водоснабжение' })
    expect((await get('/api/data_parameters/?search=горячей')).json().count).toBe(1)
    const id = created.json().parameter_id
    const edited = await t.call(t.adminToken, { method: 'PUT', url: `/api/data_parameters/${id}/`, payload: { ...body, name: 'Объём ГВС' } })
    expect(edited.json().name).toBe('Объём ГВС')
    const badType = await t.call(t.adminToken, { method: 'PUT', url: `/api/data_parameters/${id}/`, payload: { ...body, resource_type_id: 999 } })
    expect(badType.json()).toEqual({ resource_type_id: [T.relatedMissing] })
    // An id is read as the form writes it: no hexadecimal or exponent, none past the integer range; nothing chosen is required.
    const typed = async (resource_type_id: unknown) =>
      (await t.call(t.adminToken, { method: 'POST', url: '/api/data_parameters/', payload: { name: 'x', resource_type_id } })).json()
    for (const loose of ['0x1', '1e0', '1.0', '1e10']) expect(await typed(loose), loose).toEqual({ resource_type_id: [T.mustBeInteger] })
    for (const big of [1e10, '2147483648']) expect(await typed(big), String(big)).toEqual({ resource_type_id: [T.outOfRange(1, 2_147_483_647)] })
    for (const none of ['', 0]) expect(await typed(none), String(none)).toEqual({ resource_type_id: [T.required] })
    expect((await t.call(t.adminToken, { method: 'DELETE', url: `/api/data_parameters/${id}/` })).statusCode).toBe(204)
  })

  it('lets viewers read and refuses changes without references.change', async () => {
    const viewer = await t.userWith(['references.view'])
    expect((await get('/api/data_sources/', viewer.token)).statusCode).toBe(200)
    expect((await t.call(viewer.token, { method: 'POST', url: '/api/data_sources/', payload: { name: 'X' } })).statusCode).toBe(403)
    expect((await t.call(viewer.token, { method: 'DELETE', url: '/api/data_parameters/1' })).statusCode).toBe(403)
    const nobody = await t.userWith([])
    expect((await get('/api/counters_models/', nobody.token)).statusCode).toBe(403)
  })
})
