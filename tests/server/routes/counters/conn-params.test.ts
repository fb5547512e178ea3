import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { T } from '../../../../src/shared/texts'
import { startRegistryApp, type RegistryApp } from '../../../helpers/test-app'

let t: RegistryApp
beforeAll(async () => {
  t = await startRegistryApp()
})
afterAll(() => t.close())

let n = 0
const call = (method: 'POST' | 'PUT', url: string, payload: object) => t.call(t.adminToken, { method, url, payload })

const install = async (model: string, conn_params: Record<string, string | number>) =>
  call('POST', '/api/counters/create_and_install/', {
    serial_num: `5200${++n}`,
    model_id: t.refs.modelIds[model],
    coeff: 1,
    coeff_voltage: 1,
    point_id: await t.make.point(),
    operation_date: '2024-03-01',
    conn_params,
  })

describe('connection parameters typed in the wizard and the dialog', () => {
  it('refuses the values of the issue: IP 10.0.0.300, port 99999, address «abc», access level 7', async () => {
    const res = await install('Меркурий 230 ART', { host: '10.0.0.300', port: '99999', net_address: 'abc', access_level: '7' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      'conn_params.host': [T.invalidHost],
      'conn_params.port': [T.outOfRange(1, 65_535)],
      'conn_params.net_address': [T.mustBeInteger],
      'conn_params.access_level': [T.outOfRange(1, 2)],
    })
  })

  it('checks timeouts and retries, and the network address against the protocol of the model group', async () => {
    const times = await install('Меркурий 230 ART', { host: 'meter-7.local', net_address: '5', timeout_ms: '0', retries: '11' })
    expect(times.json()).toEqual({ 'conn_params.timeout_ms': [T.outOfRange(1, 60_000)], 'conn_params.retries': [T.outOfRange(0, 10)] })
    const mercury230 = await install('Меркурий 230 ART', { host: '10.0.0.3', net_address: '300' })
    expect(mercury230.json()).toEqual({ 'conn_params.net_address': [T.outOfRange(1, 240)] })
    const mercury206 = await install('Меркурий 206 RN', { host: '10.0.0.3', net_address: '40012345' })
    expect(mercury206.statusCode).toBe(201)
  })

  it('checks the Mercury 230 constant override and the password mode', async () => {
    const res = await install('Меркурий 230 ART', { host: '10.0.0.3', net_address: '6', meter_constant: '0', password_mode: 'hex' })
    expect(res.json()).toEqual({ 'conn_params.meter_constant': [T.outOfRange(1, 100_000)], 'conn_params.password_mode': [T.oneOf(['digits', 'ascii'])] })
  })

  it('accepts valid hosts and the same check holds when the parameters are changed', async () => {
    const created = await install('Меркурий 230 ART', { host: 'Пс-север.example', net_address: '25' })
    expect(created.json()).toEqual({ 'conn_params.host': [T.invalidHost] })
    const ok = await install('Меркурий 230 ART', { host: '192.168.1.10', port: 4001, net_address: '25', access_level: '2', timeout_ms: '1500' })
    expect(ok.statusCode).toBe(201)
    const url = `/api/point_counter/${ok.json().counter_id}/update_conn_params/`
    expect((await call('PUT', url, { conn_params: { port: '0' } })).json()).toEqual({ 'conn_params.port': [T.outOfRange(1, 65_535)] })
    expect((await call('PUT', url, { conn_params: { host: '256.1.1.1' } })).json()).toEqual({ 'conn_params.host': [T.invalidHost] })
    expect((await call('PUT', url, { conn_params: { host: 'rtu-12', port: '5001' } })).statusCode).toBe(200)
  })

  // Found from the attacker's side: the object schema passes over these keys, so the name was dropped and the answer was 200.
  it('says that a parameter named constructor or prototype does not exist, like any other unknown name', async () => {
    const ok = await install('Меркурий 230 ART', { host: '192.168.1.11', net_address: '26' })
    const url = `/api/point_counter/${ok.json().counter_id}/update_conn_params/`
    for (const name of ['constructor', 'prototype', 'nonexistent']) {
      const res = await call('PUT', url, { conn_params: { [name]: '5' } })
      expect(res.statusCode, name).toBe(400)
      expect(res.json(), name).toEqual({ [`conn_params.${name}`]: [T.unknownConnParam] })
    }
  })
})
