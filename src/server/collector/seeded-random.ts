/**
 * Deterministic randomness without state: every draw is a hash of its coordinates (meter seed,
 * purpose salt, day, interval...), so any value can be recomputed in any order, which is what
 * makes the load model random-access and the emulator's faults reproducible.
 */

/** murmur3-style finalizer: good avalanche, cheap with Math.imul. */
function fmix32(h: number): number {
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return h >>> 0
}

function step(h: number, part: number): number {
  return fmix32((h ^ (part | 0)) + Math.imul(h, 0x27d4eb2f))
}

/** Fixed arity on purpose: the load model calls this millions of times and rest arrays would allocate. */
export function hash32(a: number, b = 0, c = 0, d = 0): number {
  return step(step(step(step(0x9e3779b9, a), b), c), d)
}

/** Uniform in [0, 1) for the given coordinates. */
export function unitHash(a: number, b = 0, c = 0, d = 0): number {
  return hash32(a, b, c, d) / 4_294_967_296
}

/** Salts keep independent draws (noise, day jitter, faults...) from sharing coordinates. */
export const SALT = {
  meterScale: 1,
  meterPhases: 2,
  meterOffset: 3,
  prosumer: 4,
  dayJitter: 5,
  dayTan: 6,
  intervalNoise: 7,
  sunnyDay: 8,
  gapDay: 9,
  gapStart: 10,
  gapLength: 11,
  instantNoise: 12,
  voltage: 13,
  frequency: 14,
  angle: 15,
  faultTimeout: 16,
  faultCrc: 17,
  latency: 18,
  fragment: 19,
  fleetType: 20,
  fleetFault: 21,
} as const
