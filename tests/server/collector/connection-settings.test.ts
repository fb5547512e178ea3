import { describe, expect, it } from 'vitest'
import { parseConnectionParams } from '../../../src/server/collector/drivers/connection-settings'
import { createMeterDriver } from '../../../src/server/collector/drivers/create-meter-driver'
import { MeterConfigError } from '../../../src/server/collector/protocol/errors'
import { T } from '../../../src/shared/texts'

describe('connection parameters', () => {
  it('reads the par_value strings the database keeps and fills defaults', () => {
    expect(parseConnectionParams({ host: ' 10.0.0.5 ', port: '4001', net_address: '17' })).toEqual({
      host: '10.0.0.5',
      port: 4001,
      netAddress: 17,
      password: '111111',
      passwordMode: 'digits',
      accessLevel: 1,
      timeoutMs: 1000,
      retries: 2,
      meterConstant: null,
    })
  })

  it('takes the admin factory password for access level 2 and explicit values as given', () => {
    const settings = parseConnectionParams({
      host: 'h',
      port: 1,
      net_address: 40000001,
      access_level: '2',
      timeout_ms: '250',
      retries: '0',
      meter_constant: '1000',
    })
    expect(settings).toMatchObject({ password: '222222', accessLevel: 2, timeoutMs: 250, retries: 0, meterConstant: 1000, netAddress: 40000001 })
    expect(parseConnectionParams({ host: 'h', port: 1, net_address: 1, password: '000042' }).password).toBe('000042')
  })

  it.each([
    [{ port: '1', net_address: '1' }, 'host'],
    [{ host: 'h', net_address: '1' }, 'port'],
    [{ host: 'h', port: '70000', net_address: '1' }, 'port'],
    [{ host: 'h', port: '1', net_address: '-1' }, 'net_address'],
    [{ host: 'h', port: '1', net_address: '1', password: '12345' }, 'password'],
    [{ host: 'h', port: '1', net_address: '1', access_level: '3' }, 'access_level'],
    [{ host: 'h', port: '1', net_address: '1', timeout_ms: 'fast' }, 'timeout_ms'],
    [{ host: 'h', port: '1', net_address: '1', password: 'abcdef' }, 'password'],
    [{ host: 'h', port: '1', net_address: '1', password_mode: 'hex' }, 'password_mode'],
    [{ host: 'h', port: '1', net_address: '1', password_mode: 'ascii', password: 'пароль' }, 'password'],
    [{ host: 'h', port: '1', net_address: '1', password_mode: 'ascii', password: 'abc' }, 'password'],
    [{ host: 'h', port: '1', net_address: '1', meter_constant: '0' }, 'meter_constant'],
  ])('rejects %o naming %s', (params, parameter) => {
    expect(() => parseConnectionParams(params)).toThrow(MeterConfigError)
    expect(() => parseConnectionParams(params)).toThrow(expect.objectContaining({ parameter }))
  })

  it('takes a six-character ASCII password in ASCII mode', () => {
    expect(parseConnectionParams({ host: 'h', port: 1, net_address: 1, password_mode: 'ascii', password: 'Ab12c!' })).toMatchObject({
      password: 'Ab12c!',
      passwordMode: 'ascii',
    })
  })

  it('keeps Mercury 230 addresses to one byte', () => {
    expect(() => createMeterDriver('mercury230', { host: 'h', port: '1', net_address: '256' })).toThrow(MeterConfigError)
  })

  // Table 1.2 of the manual: FE is the broadcast address no meter answers, F1–FF are reserved. They were taken, and
  // every poll of such a meter timed out instead of saying what is wrong with its address.
  it.each(['241', '254', '255'])('refuses the reserved and broadcast Mercury 230 address %s', (address) => {
    expect(() => createMeterDriver('mercury230', { host: 'h', port: '1', net_address: address })).toThrow(
      new MeterConfigError('net_address', T.poll.mercury230Address),
    )
    expect(() => createMeterDriver('mercury230', { host: 'h', port: '1', net_address: '240' })).not.toThrow()
    expect(() => createMeterDriver('mercury230', { host: 'h', port: '1', net_address: '0' })).not.toThrow()
  })
})
