import type { ConsumerType } from '../consumer-profiles'
import { SALT, hash32, unitHash } from '../seeded-random'
import type { EmulatedMeterSpec, MeterFaults } from './meter-spec'
import { T } from '../../../shared/texts'
import { MERCURY230_MAX_NET_ADDRESS } from '../../../shared/validation/conn-params'

export interface FleetOptions {
  count: number
  /** Share of meters given a fault, 0..100. */
  faultyPercent: number
  seed?: number
}

/** Flats get single-phase Mercury 206 meters; everything else a Mercury 230 on the bus. */
const TYPE_WEIGHTS: readonly [ConsumerType, number][] = [
  ['flat', 0.3],
  ['apartment_building', 0.12],
  ['office', 0.12],
  ['shop', 0.12],
  ['industrial', 0.1],
  ['street_lighting', 0.1],
  ['feeder', 0.14],
]

const FAULT_KINDS = ['dead', 'timeouts', 'crc', 'password'] as const
type FaultKind = (typeof FAULT_KINDS)[number]
/** Some converters split answers into several TCP segments; a quarter of the fleet sits behind such. */
const FRAGMENTING_SHARE = 0.25
const CHANGED_PASSWORDS = { user: '654321', admin: '876543' }

function pickType(draw: number): ConsumerType {
  let rest = draw
  for (const [type, weight] of TYPE_WEIGHTS) {
    if (rest < weight) return type
    rest -= weight
  }
  return 'feeder'
}

function faultsOf(kind: FaultKind | undefined, fragmentAnswers: boolean): MeterFaults {
  switch (kind) {
    case 'dead':
      return { dead: true }
    case 'timeouts':
      return { timeoutRate: 0.3, fragmentAnswers }
    case 'crc':
      return { crcErrorRate: 0.3, fragmentAnswers }
    default:
      return { fragmentAnswers }
  }
}

/**
 * A deterministic fleet for one emulated bus: consumer types, addresses, serial numbers and the
 * faulty meters all follow from the seed. Faults rotate dead, timeouts, damaged checksums and a
 * changed password (a Mercury 206 has none, so it gets timeouts instead).
 */
export function buildFleet({ count, faultyPercent, seed = 1 }: FleetOptions): EmulatedMeterSpec[] {
  const faultyCount = Math.round((count * Math.min(100, Math.max(0, faultyPercent))) / 100)
  const faultOrder = Array.from({ length: count }, (_, index) => index).sort(
    (left, right) => unitHash(seed, SALT.fleetFault, left) - unitHash(seed, SALT.fleetFault, right),
  )
  const faultOf = new Map(faultOrder.slice(0, faultyCount).map((index, rank) => [index, FAULT_KINDS[rank % FAULT_KINDS.length]!]))
  let busAddress = 0
  return Array.from({ length: count }, (_, index): EmulatedMeterSpec => {
    const consumerType = pickType(unitHash(seed, SALT.fleetType, index))
    const meterSeed = hash32(seed, index)
    const fault = faultOf.get(index)
    const fragmentAnswers = unitHash(seed, SALT.fragment, index) < FRAGMENTING_SHARE
    if (consumerType === 'flat') {
      return {
        protocol: 'mercury206',
        address: 40_000_000 + index * 137 + (seed % 100),
        consumerType,
        seed: meterSeed,
        faults: faultsOf(fault === 'password' ? 'timeouts' : fault, fragmentAnswers),
      }
    }
    busAddress++
    if (busAddress > MERCURY230_MAX_NET_ADDRESS) throw new RangeError(T.poll.busFull(MERCURY230_MAX_NET_ADDRESS))
    return {
      protocol: 'mercury230',
      address: busAddress,
      serial: String(30_000_000 + index * 211 + (seed % 100)),
      consumerType,
      seed: meterSeed,
      ...(fault === 'password' ? { passwords: CHANGED_PASSWORDS } : {}),
      faults: faultsOf(fault, fragmentAnswers),
    }
  })
}
