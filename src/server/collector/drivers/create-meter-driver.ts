import type { MeterProtocol } from '../meter-values'
import { parseConnectionParams, type ConnectionParams } from './connection-settings'
import { Mercury206Driver } from './mercury206-driver'
import { Mercury230Driver } from './mercury230-driver'
import type { MeterDriver } from './meter-driver'

/** Throws MeterConfigError when a connection parameter is missing or malformed. */
export function createMeterDriver(protocol: MeterProtocol, params: ConnectionParams): MeterDriver {
  const settings = parseConnectionParams(params)
  return protocol === 'mercury230' ? new Mercury230Driver(settings) : new Mercury206Driver(settings)
}
