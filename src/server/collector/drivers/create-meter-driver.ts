import { DEFAULT_TIME_ZONE } from '../../../shared/metering'
import type { MeterProtocol } from '../meter-values'
import { parseConnectionParams, type ConnectionParams } from './connection-settings'
import { Mercury206Driver } from './mercury206-driver'
import { Mercury230Driver } from './mercury230-driver'
import type { MeterDriver } from './meter-driver'

/**
 * A driver for the meter kept in `timeZone` (its clock and profile show that zone's wall clock). Throws
 * MeterConfigError when a connection parameter is missing or malformed.
 */
export function createMeterDriver(protocol: MeterProtocol, params: ConnectionParams, timeZone: string = DEFAULT_TIME_ZONE): MeterDriver {
  const settings = parseConnectionParams(params)
  return protocol === 'mercury230' ? new Mercury230Driver(settings, timeZone) : new Mercury206Driver(settings)
}
