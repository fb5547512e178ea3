import { describe, expect, it } from 'vitest'
import { CONSUMER_TYPES, LOAD_MODEL_EPOCH, halfHourEnergy, instantValues, isMissingInterval, registerReading } from '../../../src/server/collector/load-model'
import type { EnergyChannels, Tariff } from '../../../src/server/collector/meter-values'
import { zoneOfHalfHour } from '../../../src/server/collector/tariff-zones'

const HALF_HOUR = 30 * 60_000
const CHANNELS = ['aPlus', 'aMinus', 'rPlus', 'rMinus'] as const

function moscow(text: string): Date {
  return new Date(`${text}+03:00`)
}

function intervalsBetween(from: Date, to: Date): Date[] {
  const starts: Date[] = []
  for (let at = from.getTime(); at < to.getTime(); at += HALF_HOUR) starts.push(new Date(at))
  return starts
}

function difference(later: EnergyChannels, earlier: EnergyChannels): EnergyChannels {
  return {
    aPlus: later.aPlus - earlier.aPlus,
    aMinus: later.aMinus - earlier.aMinus,
    rPlus: later.rPlus - earlier.rPlus,
    rMinus: later.rMinus - earlier.rMinus,
  }
}

describe('load model', () => {
  it('gives the same energy for the same meter and interval, and other energy for another meter', () => {
    const at = moscow('2026-03-04T18:30:00')
    expect(halfHourEnergy(7, 'office', at)).toEqual(halfHourEnergy(7, 'office', new Date(at)))
    expect(halfHourEnergy(8, 'office', at)).not.toEqual(halfHourEnergy(7, 'office', at))
  })

  it.each(CONSUMER_TYPES)('keeps %s registers equal to the sum of intervals, per tariff zone', (type) => {
    const from = moscow('2026-01-30T21:00:00')
    const to = moscow('2026-02-03T07:30:00')
    const expected: Record<Tariff, EnergyChannels> = {
      0: { aPlus: 0, aMinus: 0, rPlus: 0, rMinus: 0 },
      1: { aPlus: 0, aMinus: 0, rPlus: 0, rMinus: 0 },
      2: { aPlus: 0, aMinus: 0, rPlus: 0, rMinus: 0 },
      3: { aPlus: 0, aMinus: 0, rPlus: 0, rMinus: 0 },
      4: { aPlus: 0, aMinus: 0, rPlus: 0, rMinus: 0 },
    }
    const tariffOfZone = { peak: 1, night: 2, halfPeak: 3 } as const
    for (const start of intervalsBetween(from, to)) {
      const energy = halfHourEnergy(11, type, start)
      const halfHourOfDay = ((start.getUTCHours() + 3) % 24) * 2 + start.getUTCMinutes() / 30
      for (const tariff of [0, tariffOfZone[zoneOfHalfHour(halfHourOfDay)]] as const) {
        for (const channel of CHANNELS) expected[tariff][channel] += energy[channel]
      }
    }
    for (const tariff of [0, 1, 2, 3, 4] as const) {
      const actual = difference(registerReading(11, type, to, tariff), registerReading(11, type, from, tariff))
      for (const channel of CHANNELS) expect(actual[channel]).toBeCloseTo(expected[tariff][channel], 6)
    }
  })

  it('makes the total register the sum of T1..T3 and leaves T4 empty', () => {
    const at = moscow('2026-07-15T13:47:12')
    const total = registerReading(5, 'shop', at, 0)
    const tariffs = ([1, 2, 3] as const).map((tariff) => registerReading(5, 'shop', at, tariff))
    for (const channel of CHANNELS) {
      expect(tariffs.reduce((sum, reading) => sum + reading[channel], 0)).toBeCloseTo(total[channel], 6)
    }
    expect(registerReading(5, 'shop', at, 4)).toEqual({ aPlus: 0, aMinus: 0, rPlus: 0, rMinus: 0 })
  })

  it('grows registers monotonically, also inside a running interval', () => {
    const start = moscow('2026-05-01T00:00:00').getTime()
    let previous = registerReading(3, 'flat', new Date(start), 0).aPlus
    for (let minute = 1; minute <= 24 * 60; minute += 7) {
      const next = registerReading(3, 'flat', new Date(start + minute * 60_000), 0).aPlus
      expect(next).toBeGreaterThan(previous)
      previous = next
    }
  })

  it('starts meters with a history and refuses instants before the epoch', () => {
    expect(registerReading(1, 'industrial', LOAD_MODEL_EPOCH, 0).aPlus).toBeGreaterThan(1000)
    expect(() => registerReading(1, 'industrial', new Date(LOAD_MODEL_EPOCH.getTime() - 1), 0)).toThrow(RangeError)
  })

  it('keeps export rare: A- is zero in nearly all intervals of a fleet', () => {
    let exporting = 0
    let total = 0
    for (let seed = 0; seed < 200; seed++) {
      for (const start of intervalsBetween(moscow('2026-06-10T00:00:00'), moscow('2026-06-12T00:00:00'))) {
        total++
        if (halfHourEnergy(seed, 'office', start).aMinus > 0) exporting++
      }
    }
    expect(exporting).toBeGreaterThan(0)
    expect(exporting / total).toBeLessThan(0.02)
  })

  it('follows the day: offices sleep at night and work on weekdays, street lights burn at night', () => {
    const night = halfHourEnergy(21, 'office', moscow('2026-03-04T03:00:00')).aPlus
    const workday = halfHourEnergy(21, 'office', moscow('2026-03-04T11:00:00')).aPlus
    const sunday = halfHourEnergy(21, 'office', moscow('2026-03-08T11:00:00')).aPlus
    expect(workday).toBeGreaterThan(3 * night)
    expect(workday).toBeGreaterThan(3 * sunday)
    expect(halfHourEnergy(21, 'street_lighting', moscow('2026-12-10T13:00:00')).aPlus).toBe(0)
    expect(halfHourEnergy(21, 'street_lighting', moscow('2026-12-10T23:00:00')).aPlus).toBeGreaterThan(0.5)
  })

  it('uses more energy in winter than in summer for households', () => {
    const month = (from: string, to: string) =>
      difference(registerReading(4, 'apartment_building', moscow(to), 0), registerReading(4, 'apartment_building', moscow(from), 0)).aPlus
    expect(month('2026-01-01T00:00:00', '2026-02-01T00:00:00')).toBeGreaterThan(month('2026-07-01T00:00:00', '2026-08-01T00:00:00') * 1.2)
  })

  it('gives plausible three-phase values consistent with the interval energy', () => {
    const at = moscow('2026-11-20T15:10:00')
    const values = instantValues(31, 'industrial', at)
    const interval = halfHourEnergy(31, 'industrial', at)
    expect(values.total.activePower! / 1000).toBeCloseTo((interval.aPlus - interval.aMinus) * 2, 0)
    for (const phase of [values.phases.a, values.phases.b, values.phases.c]) {
      expect(phase.voltage).toBeGreaterThanOrEqual(220)
      expect(phase.voltage).toBeLessThanOrEqual(235)
      expect(phase.angle).toBeGreaterThan(119)
      expect(phase.angle).toBeLessThan(121)
      expect(phase.cosPhi).toBeGreaterThan(0.7)
      expect(phase.current! * phase.voltage!).toBeCloseTo(phase.apparentPower!, 6)
    }
    expect(values.phases.a.angle! + values.phases.b.angle! + values.phases.c.angle!).toBeCloseTo(360, 9)
    expect(values.frequency).toBeGreaterThan(49.9)
    expect(values.frequency).toBeLessThan(50.1)
    expect(instantValues(31, 'industrial', at)).toEqual(values)
  })

  it('gives a flat one phase only', () => {
    const values = instantValues(2, 'flat', moscow('2026-11-20T20:00:00'))
    expect(values.phases.a.activePower).toBeGreaterThan(0)
    expect(values.phases.b.voltage).toBeNull()
    expect(values.phases.c.current).toBeNull()
    expect(values.total.activePower).toBe(values.phases.a.activePower)
  })

  it('marks a small, deterministic share of intervals as missing', () => {
    let missing = 0
    let total = 0
    for (let seed = 0; seed < 50; seed++) {
      for (const start of intervalsBetween(moscow('2026-08-01T00:00:00'), moscow('2026-10-30T00:00:00'))) {
        total++
        if (isMissingInterval(seed, start)) missing++
      }
    }
    expect(missing / total).toBeGreaterThan(0.002)
    expect(missing / total).toBeLessThan(0.02)
    const start = moscow('2026-08-01T10:00:00')
    expect(isMissingInterval(9, start)).toBe(isMissingInterval(9, new Date(start)))
  })
})
