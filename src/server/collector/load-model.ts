import { CONSUMER_PROFILES, CONSUMER_TYPES, type ConsumerProfile, type ConsumerType, type DayKind } from './consumer-profiles'
import { darknessByHalfHour, dayKindOf, SOLAR_BY_HALF_HOUR, winterness } from './load-calendar'
import { ABSENT_PHASE, type EnergyChannels, type InstantValues, type PhaseValues, type Tariff } from './meter-values'
import { DAY_MS, HALF_HOUR_MS, HALF_HOURS_PER_DAY, MOSCOW_OFFSET_MS, halfHourStartMs, moscowDayIndex, moscowHalfHourOfDay } from './moscow-time'
import { SALT, hash32, unitHash } from './seeded-random'
import { TARIFF_ZONES, ZONE_INDEX_OF_HALF_HOUR, ZONE_TARIFF } from './tariff-zones'

/**
 * Deterministic load model of consumers. Everything is a pure function of (meter seed, consumer
 * type, time): the same inputs give the same energies in any process, in any order.
 *
 * How the day is built (this is what makes registers O(days)): a day's energy per tariff zone
 * is a closed form (level x season x day jitter x the zone's share of the day shape); the
 * half-hour noise only redistributes energy inside a zone. So registers sum closed-form zone
 * totals per day (with sparse cached checkpoints), and the 48 half-hours of a day, summed, give
 * exactly the zone totals.
 */

export { CONSUMER_TYPES, type ConsumerType } from './consumer-profiles'

/** Registers count from this Moscow local midnight (2024-01-01); earlier instants are outside the model. */
export const LOAD_MODEL_EPOCH = new Date(Date.UTC(2024, 0, 1) - MOSCOW_OFFSET_MS)
const EPOCH_DAY = Date.UTC(2024, 0, 1) / DAY_MS
const CHECKPOINT_DAYS = 8
const INTERVAL_HOURS = 0.5

const CHANNELS = ['aPlus', 'aMinus', 'rPlus', 'rMinus'] as const
const A_PLUS = 0
const A_MINUS = 1
const R_PLUS = 2
const R_MINUS = 3
const ZONES = 3
/** Layout of per-zone totals: channel * ZONES + zone. */
const TOTALS_LENGTH = CHANNELS.length * ZONES

const PROSUMER_SHARE = 0.06
const SUNNY_DAY_SHARE = 0.35
/** Export happens only in the warm half of the year. */
const WARM_SEASON_WINTERNESS = -0.2
const EXPORT_REACTIVE_RATIO = 0.1

/** `+=` on a typed-array cell, which noUncheckedIndexedAccess does not allow directly. */
function addTo(target: Float64Array, index: number, value: number): void {
  target[index] = target[index]! + value
}

function sumByZone(values: ArrayLike<number>): Float64Array {
  const sums = new Float64Array(ZONES)
  for (let halfHour = 0; halfHour < HALF_HOURS_PER_DAY; halfHour++) {
    addTo(sums, ZONE_INDEX_OF_HALF_HOUR[halfHour]!, values[halfHour]!)
  }
  return sums
}

const SOLAR_ZONE_SUMS = sumByZone(SOLAR_BY_HALF_HOUR)

/** Hourly points to half-hours, leaning each half towards its neighbouring hour. */
function toHalfHours(hourly: readonly number[], scale: number): Float64Array {
  const result = new Float64Array(HALF_HOURS_PER_DAY)
  for (let halfHour = 0; halfHour < HALF_HOURS_PER_DAY; halfHour++) {
    const hour = halfHour >> 1
    const neighbour = halfHour % 2 === 0 ? (hour + 23) % 24 : (hour + 1) % 24
    result[halfHour] = (0.75 * hourly[hour]! + 0.25 * hourly[neighbour]!) * scale
  }
  return result
}

interface DayShape {
  shape: ArrayLike<number>
  zoneSums: ArrayLike<number>
}

/** Shapes per kind of day, normalised so that a workday averages 1. */
function scheduleShapes(profile: ConsumerProfile): Record<DayKind, DayShape> | null {
  if (profile.load.kind !== 'schedule') return null
  const { shapes } = profile.load
  const workdayMean = shapes.workday.reduce((sum, value) => sum + value, 0) / shapes.workday.length
  const build = (hourly: readonly number[]): DayShape => {
    const shape = toHalfHours(hourly, 1 / workdayMean)
    return { shape, zoneSums: sumByZone(shape) }
  }
  return { workday: build(shapes.workday), saturday: build(shapes.saturday), holiday: build(shapes.holiday) }
}

const SCHEDULES = new Map(CONSUMER_TYPES.map((type) => [type, scheduleShapes(CONSUMER_PROFILES[type])]))

/** An equinox day stands for the typical split of a lighting meter's history between zones. */
const EQUINOX_DAY = Date.UTC(2024, 2, 20) / DAY_MS

class MeterModel {
  private readonly profile: ConsumerProfile
  private readonly schedule: Record<DayKind, DayShape> | null
  private readonly scaleKw: number
  private readonly prosumer: boolean
  readonly phaseShares: readonly [number, number, number]
  /** Register values at the epoch: meters in the field are not new. */
  private readonly offsets = new Float64Array(TOTALS_LENGTH)
  /** checkpoints[i] = totals of days [EPOCH_DAY, EPOCH_DAY + i * CHECKPOINT_DAYS). */
  private readonly checkpoints: Float64Array[] = [new Float64Array(TOTALS_LENGTH)]
  private cachedDay = Number.NaN
  private readonly cachedIntervals = new Float64Array(CHANNELS.length * HALF_HOURS_PER_DAY)

  constructor(
    private readonly seed: number,
    type: ConsumerType,
  ) {
    this.profile = CONSUMER_PROFILES[type]
    this.schedule = SCHEDULES.get(type) ?? null
    const typeIndex = CONSUMER_TYPES.indexOf(type)
    this.scaleKw = this.profile.baseKw * (0.6 + 0.8 * unitHash(seed, SALT.meterScale, typeIndex))
    this.prosumer = this.profile.canGenerate && unitHash(seed, SALT.prosumer, typeIndex) < PROSUMER_SHARE
    const shares = [0, 1, 2].map((phase) => 1 + 0.15 * (2 * unitHash(seed, SALT.meterPhases, phase) - 1))
    const shareSum = shares.reduce((sum, share) => sum + share, 0)
    this.phaseShares = [shares[0]! / shareSum, shares[1]! / shareSum, shares[2]! / shareSum]

    const typical = this.schedule?.workday.zoneSums ?? sumByZone(darknessByHalfHour(EQUINOX_DAY))
    const typicalTotal = typical[0]! + typical[1]! + typical[2]!
    const historyHours = 2000 + 6000 * unitHash(seed, SALT.meterOffset, typeIndex)
    for (let zone = 0; zone < ZONES; zone++) {
      const aPlus = this.scaleKw * historyHours * (typical[zone]! / typicalTotal)
      this.offsets[A_PLUS * ZONES + zone] = aPlus
      this.offsets[R_PLUS * ZONES + zone] = aPlus * this.profile.tanPhi
    }
  }

  tanPhiOf(day: number): number {
    return this.profile.tanPhi * (1 + 0.1 * (2 * unitHash(this.seed, SALT.dayTan, day) - 1))
  }

  private dayShape(day: number): DayShape {
    if (this.schedule) return this.schedule[dayKindOf(day)]
    const shape = darknessByHalfHour(day)
    return { shape, zoneSums: sumByZone(shape) }
  }

  /** kW per unit of shape on that day. */
  private levelOf(day: number): number {
    const season = 1 + this.profile.seasonalAmplitude * winterness(day)
    const jitter = 1 + this.profile.dayJitter * (2 * unitHash(this.seed, SALT.dayJitter, day) - 1)
    return this.scaleKw * season * jitter
  }

  private exportsOn(day: number): boolean {
    return this.prosumer && winterness(day) < WARM_SEASON_WINTERNESS && unitHash(this.seed, SALT.sunnyDay, day) < SUNNY_DAY_SHARE
  }

  private get solarKw(): number {
    return this.scaleKw * 0.6
  }

  /** Adds the day's per-zone totals of all channels into `into`. */
  private addDayTotals(day: number, into: Float64Array): void {
    const { zoneSums } = this.dayShape(day)
    const level = this.levelOf(day)
    const tanPhi = this.tanPhiOf(day)
    const exporting = this.exportsOn(day)
    for (let zone = 0; zone < ZONES; zone++) {
      const aPlus = level * zoneSums[zone]! * INTERVAL_HOURS
      const aMinus = exporting ? this.solarKw * SOLAR_ZONE_SUMS[zone]! * INTERVAL_HOURS : 0
      addTo(into, A_PLUS * ZONES + zone, aPlus)
      addTo(into, R_PLUS * ZONES + zone, aPlus * tanPhi)
      addTo(into, A_MINUS * ZONES + zone, aMinus)
      addTo(into, R_MINUS * ZONES + zone, aMinus * EXPORT_REACTIVE_RATIO)
    }
  }

  /** Energies of the day's 48 half-hours, laid out as channel * 48 + half-hour. */
  intervalsOf(day: number): Float64Array {
    if (day === this.cachedDay) return this.cachedIntervals
    const { shape, zoneSums } = this.dayShape(day)
    const level = this.levelOf(day)
    const tanPhi = this.tanPhiOf(day)
    const exporting = this.exportsOn(day)
    const weights = new Float64Array(HALF_HOURS_PER_DAY)
    const weightSums = new Float64Array(ZONES)
    for (let halfHour = 0; halfHour < HALF_HOURS_PER_DAY; halfHour++) {
      const bits = hash32(this.seed, SALT.intervalNoise, day, halfHour)
      const triangular = (bits & 0xffff) / 65536 + (bits >>> 16) / 65536 - 1
      const weight = shape[halfHour]! * (1 + this.profile.noise * triangular)
      weights[halfHour] = weight
      addTo(weightSums, ZONE_INDEX_OF_HALF_HOUR[halfHour]!, weight)
    }
    const out = this.cachedIntervals
    for (let halfHour = 0; halfHour < HALF_HOURS_PER_DAY; halfHour++) {
      const zone = ZONE_INDEX_OF_HALF_HOUR[halfHour]!
      const zoneEnergy = level * zoneSums[zone]! * INTERVAL_HOURS
      const aPlus = weightSums[zone]! > 0 ? (zoneEnergy * weights[halfHour]!) / weightSums[zone]! : 0
      const aMinus = exporting ? this.solarKw * SOLAR_BY_HALF_HOUR[halfHour]! * INTERVAL_HOURS : 0
      out[A_PLUS * HALF_HOURS_PER_DAY + halfHour] = aPlus
      out[R_PLUS * HALF_HOURS_PER_DAY + halfHour] = aPlus * tanPhi
      out[A_MINUS * HALF_HOURS_PER_DAY + halfHour] = aMinus
      out[R_MINUS * HALF_HOURS_PER_DAY + halfHour] = aMinus * EXPORT_REACTIVE_RATIO
    }
    this.cachedDay = day
    return out
  }

  /** Totals of the days [EPOCH_DAY, day). */
  private totalsBefore(day: number): Float64Array {
    const daysSinceEpoch = day - EPOCH_DAY
    const checkpointIndex = Math.floor(daysSinceEpoch / CHECKPOINT_DAYS)
    while (this.checkpoints.length <= checkpointIndex) {
      const next = Float64Array.from(this.checkpoints[this.checkpoints.length - 1]!)
      const firstDay = EPOCH_DAY + (this.checkpoints.length - 1) * CHECKPOINT_DAYS
      for (let d = firstDay; d < firstDay + CHECKPOINT_DAYS; d++) this.addDayTotals(d, next)
      this.checkpoints.push(next)
    }
    const totals = Float64Array.from(this.checkpoints[checkpointIndex]!)
    for (let d = EPOCH_DAY + checkpointIndex * CHECKPOINT_DAYS; d < day; d++) this.addDayTotals(d, totals)
    return totals
  }

  /** Register values per channel and zone at an instant; the running interval counts pro rata. */
  registersAt(epochMs: number): Float64Array {
    const day = moscowDayIndex(epochMs)
    if (day < EPOCH_DAY) throw new RangeError(`load model starts at ${LOAD_MODEL_EPOCH.toISOString()}`)
    const totals = this.totalsBefore(day)
    for (let i = 0; i < TOTALS_LENGTH; i++) addTo(totals, i, this.offsets[i]!)
    const intervals = this.intervalsOf(day)
    const current = moscowHalfHourOfDay(epochMs)
    const fraction = (epochMs - halfHourStartMs(epochMs)) / HALF_HOUR_MS
    for (let channel = 0; channel < CHANNELS.length; channel++) {
      for (let halfHour = 0; halfHour <= current; halfHour++) {
        const share = halfHour < current ? 1 : fraction
        addTo(totals, channel * ZONES + ZONE_INDEX_OF_HALF_HOUR[halfHour]!, share * intervals[channel * HALF_HOURS_PER_DAY + halfHour]!)
      }
    }
    return totals
  }
}

/** One model object per meter keeps its traits and checkpoints; the fleet bounds the count. */
const models = new Map<ConsumerType, Map<number, MeterModel>>()

function meterModel(seed: number, type: ConsumerType): MeterModel {
  let byType = models.get(type)
  if (!byType) {
    byType = new Map()
    models.set(type, byType)
  }
  let model = byType.get(seed)
  if (!model) {
    model = new MeterModel(seed, type)
    byType.set(seed, model)
  }
  return model
}

function channelsOf(values: Float64Array, index: (channel: number) => number): EnergyChannels {
  return {
    aPlus: values[index(A_PLUS)]!,
    aMinus: values[index(A_MINUS)]!,
    rPlus: values[index(R_PLUS)]!,
    rMinus: values[index(R_MINUS)]!,
  }
}

/** Energy of the 30-minute interval that contains `intervalStart`, kWh / kvarh. */
export function halfHourEnergy(meterSeed: number, type: ConsumerType, intervalStart: Date): EnergyChannels {
  const epochMs = intervalStart.getTime()
  const intervals = meterModel(meterSeed, type).intervalsOf(moscowDayIndex(epochMs))
  const halfHour = moscowHalfHourOfDay(epochMs)
  return channelsOf(intervals, (channel) => channel * HALF_HOURS_PER_DAY + halfHour)
}

/**
 * Register readings at an instant: tariff 0 is the total, 1..3 the three-zone registers
 * (T1 peak, T2 night, T3 half-peak), 4 stays zero. Between two instants the difference equals
 * the energy of the intervals in between.
 */
export function registerReading(meterSeed: number, type: ConsumerType, at: Date, tariff: Tariff): EnergyChannels {
  const totals = meterModel(meterSeed, type).registersAt(at.getTime())
  if (tariff === 0) {
    return channelsOf(
      Float64Array.from(CHANNELS, (_, channel) => totals[channel * ZONES]! + totals[channel * ZONES + 1]! + totals[channel * ZONES + 2]!),
      (channel) => channel,
    )
  }
  const zone = TARIFF_ZONES.findIndex((name) => ZONE_TARIFF[name] === tariff)
  if (zone < 0) return { aPlus: 0, aMinus: 0, rPlus: 0, rMinus: 0 }
  return channelsOf(totals, (channel) => channel * ZONES + zone)
}

const GAP_DAY_SHARE = 0.06
const WHOLE_DAY_GAP_SHARE = 0.004
const MAX_GAP_INTERVALS = 6

/**
 * Deliberate holes for demo history (about 1% of intervals): on some days one run of 1..6
 * half-hours is missing, and rarely a whole day. Energy is still consumed (registers keep
 * counting); only the interval record is absent.
 */
export function isMissingInterval(meterSeed: number, intervalStart: Date): boolean {
  const epochMs = intervalStart.getTime()
  const day = moscowDayIndex(epochMs)
  const draw = unitHash(meterSeed, SALT.gapDay, day)
  if (draw >= GAP_DAY_SHARE) return false
  if (draw < WHOLE_DAY_GAP_SHARE) return true
  const start = Math.floor(unitHash(meterSeed, SALT.gapStart, day) * HALF_HOURS_PER_DAY)
  const length = 1 + Math.floor(unitHash(meterSeed, SALT.gapLength, day) * MAX_GAP_INTERVALS)
  const halfHour = moscowHalfHourOfDay(epochMs)
  return halfHour >= start && halfHour < start + length
}

const NOMINAL_VOLTAGE = 230
const VOLTAGE_RANGE = [220, 235] as const

function signedNoise(seed: number, salt: number, a: number, b = 0): number {
  return 2 * unitHash(seed, salt, a, b) - 1
}

/**
 * Instantaneous phase values plausible for the running interval: the interval's mean power with
 * a few per cent of second-to-second noise, split over the phases with the meter's imbalance;
 * voltage sags a little under load; powers in W / var / VA.
 */
export function instantValues(meterSeed: number, type: ConsumerType, at: Date): InstantValues {
  const model = meterModel(meterSeed, type)
  const epochMs = at.getTime()
  const day = moscowDayIndex(epochMs)
  const halfHour = moscowHalfHourOfDay(epochMs)
  const second = Math.floor(epochMs / 1000)
  const intervals = model.intervalsOf(day)
  const netKwh = intervals[A_PLUS * HALF_HOURS_PER_DAY + halfHour]! - intervals[A_MINUS * HALF_HOURS_PER_DAY + halfHour]!
  const activeW = (netKwh / INTERVAL_HOURS) * 1000 * (1 + 0.04 * signedNoise(meterSeed, SALT.instantNoise, second))
  const profile = CONSUMER_PROFILES[type]
  const tanPhi = model.tanPhiOf(day)
  const loadFactor = Math.min(1, Math.abs(activeW) / (profile.baseKw * 1000 * 2))
  const shares = profile.phases === 1 ? [1] : model.phaseShares

  const phases = shares.map((share, phase): PhaseValues => {
    const voltage = Math.min(
      VOLTAGE_RANGE[1],
      Math.max(VOLTAGE_RANGE[0], NOMINAL_VOLTAGE + 2 - 6 * loadFactor + 2.5 * signedNoise(meterSeed, SALT.voltage, second, phase)),
    )
    const activePower = activeW * share
    const phaseTan = tanPhi * (1 + 0.05 * signedNoise(meterSeed, SALT.instantNoise, second, phase + 1))
    const reactivePower = Math.abs(activePower) * phaseTan
    const apparentPower = Math.hypot(activePower, reactivePower)
    return {
      voltage,
      current: apparentPower / voltage,
      activePower,
      reactivePower,
      apparentPower,
      cosPhi: apparentPower > 0 ? Math.abs(activePower) / apparentPower : 1,
      angle: profile.phases === 1 ? null : 120 + 0.4 * signedNoise(meterSeed, SALT.angle, second, phase),
    }
  })
  const [a = { ...ABSENT_PHASE }, b = { ...ABSENT_PHASE }, c = { ...ABSENT_PHASE }] = phases
  if (profile.phases === 3) {
    // The three angles close the circle, as the meter's own 1-2, 1-3, 2-3 readings imply.
    c.angle = 360 - a.angle! - b.angle!
  }
  const sum = (key: 'activePower' | 'reactivePower' | 'apparentPower') => phases.reduce((total, phase) => total + phase[key]!, 0)
  const activePower = sum('activePower')
  const apparentPower = sum('apparentPower')
  return {
    phases: { a, b, c },
    total: {
      activePower,
      reactivePower: sum('reactivePower'),
      apparentPower,
      cosPhi: apparentPower > 0 ? Math.abs(activePower) / apparentPower : 1,
    },
    frequency: 50 + 0.05 * signedNoise(meterSeed, SALT.frequency, Math.floor(second / 10)),
    refused: [],
  }
}
