import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { T } from '../../../src/shared/texts'
import { startRegistryApp, type RegistryApp } from '../../helpers/test-app'

let t: RegistryApp
beforeAll(async () => {
  t = await startRegistryApp()
})
afterAll(() => t.close())

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => t.call(t.adminToken, { method, url, payload })

describe('resource types, model groups and meter models are edited as the other reference lists', () => {
  it('adds, edits and deletes a resource type, a model group and a model, and refuses deleting one in use', async () => {
    const type = await call('POST', '/api/resources_types/', { name: 'Тепловая энергия' })
    expect(type.statusCode).toBe(201)
    const typeId = type.json().resource_type_id
    expect((await call('PUT', `/api/resources_types/${typeId}/`, { name: 'Тепло' })).json()).toEqual({ resource_type_id: typeId, name: 'Тепло' })

    const group = await call('POST', '/api/counters_api/', { name: 'Пульсар тепло', resource_type: typeId, driver: 'pulsar' })
    expect(group.statusCode).toBe(201)
    const groupId = group.json().counter_model_api_id
    expect(group.json()).toMatchObject({ resource_type_name: 'Тепло', driver: 'pulsar' })
    expect((await call('PUT', `/api/counters_api/${groupId}/`, { name: 'Пульсар', resource_type: typeId })).json()).toMatchObject({
      name: 'Пульсар',
      driver: '',
    })

    const model = await call('POST', '/api/counters_models/', { name: 'Пульсар 2М', counter_model_api: groupId, counter_width: 8 })
    expect(model.statusCode).toBe(201)
    const modelId = model.json().model_id
    expect(model.json()).toMatchObject({ resource_type: typeId, counter_model_api_name: 'Пульсар', counter_width: 8, decimal_places: 2 })
    const edited = await call('PUT', `/api/counters_models/${modelId}/`, { name: 'Пульсар 2М+', counter_model_api: groupId, decimal_places: 3, remark: 'тест' })
    expect(edited.json()).toMatchObject({ name: 'Пульсар 2М+', decimal_places: 3, remark: 'тест' })

    expect((await call('DELETE', `/api/resources_types/${typeId}`)).json()).toEqual({ detail: T.inUse })
    expect((await call('DELETE', `/api/counters_api/${groupId}/`)).json()).toEqual({ detail: T.inUse })
    expect((await call('DELETE', `/api/counters_models/${modelId}`)).statusCode).toBe(204)
    expect((await call('DELETE', `/api/counters_api/${groupId}`)).statusCode).toBe(204)
    expect((await call('DELETE', `/api/resources_types/${typeId}/`)).statusCode).toBe(204)
    expect((await call('GET', `/api/resources_types/${typeId}/`)).statusCode).toBe(404)
  })

  it('answers a Russian 400 for a missing name, an unknown group and a model in use', async () => {
    expect((await call('POST', '/api/resources_types/', {})).json()).toEqual({ name: [T.required] })
    expect((await call('POST', '/api/counters_api/', { name: 'X' })).json()).toEqual({ resource_type: [T.required] })
    expect((await call('POST', '/api/counters_api/', { name: 'X', resource_type: 999999 })).json()).toEqual({ resource_type: [T.relatedMissing] })
    expect((await call('POST', '/api/counters_models/', { name: 'X', counter_model_api: 999999 })).json()).toEqual({ counter_model_api: [T.relatedMissing] })
    const point = (await call('POST', '/api/points/', { name: 'ТП-С-1', point_number: 'RS-1', address: 'ул. Новая, 1' })).json().point_id
    const modelId = t.refs.modelIds['Меркурий 206 RN']
    await call('POST', '/api/counters/create_and_install/', {
      serial_num: '63000001',
      model_id: modelId,
      coeff: 1,
      coeff_voltage: 1,
      point_id: point,
      operation_date: '2024-03-01',
      conn_params: { host: 'h', net_address: '5' },
    })
    expect((await call('DELETE', `/api/counters_models/${modelId}/`)).json()).toEqual({ detail: T.inUse })
  })
})
