/**
 * Consumer types of the load model and their load character. Powers are meter-side: the types
 * marked `transformer` are metered through current transformers, so their meters see the
 * secondary side (a few kW) and the database multiplies by `coeff` (for example 300/5 = 60).
 * Levels keep every half-hour under 6.5 kWh (13 kW), what a Mercury 230 with A = 5000 imp/kWh
 * can hold in a 16-bit profile cell (see protocol/mercury230.ts).
 */
export const CONSUMER_TYPES = ['flat', 'apartment_building', 'office', 'shop', 'industrial', 'street_lighting', 'feeder'] as const

export type ConsumerType = (typeof CONSUMER_TYPES)[number]

export type DayKind = 'workday' | 'saturday' | 'holiday'

/** Hourly relative load, one value per hour 0..23, for each kind of day. */
type HourlyShapes = Record<DayKind, readonly number[]>

export interface ConsumerProfile {
  label: string
  phases: 1 | 3
  connection: 'direct' | 'transformer'
  /** Mean active power of a typical meter of the type on a workday, kW. */
  baseKw: number
  /** Amplitude of the half-hour noise (multiplicative, triangular). */
  noise: number
  /** Amplitude of the day-to-day level change. */
  dayJitter: number
  /** Winter excess over the yearly mean (heating, lighting, longer evenings). */
  seasonalAmplitude: number
  tanPhi: number
  /** Some meters of the type have rooftop generation and rarely export (A-). */
  canGenerate: boolean
  /** `darkness`: on from dusk to dawn at `baseKw`; otherwise hourly shapes. */
  load: { kind: 'schedule'; shapes: HourlyShapes } | { kind: 'darkness' }
}

const FLAT_WEEKEND = [0.55, 0.42, 0.34, 0.3, 0.29, 0.3, 0.35, 0.5, 0.75, 0.95, 1.0, 0.95, 0.95, 0.9, 0.85, 0.8, 0.85, 0.95, 1.2, 1.4, 1.5, 1.4, 1.15, 0.8]
const BUILDING_WEEKEND = [
  0.62, 0.5, 0.44, 0.4, 0.39, 0.4, 0.48, 0.65, 0.85, 1.0, 1.05, 1.05, 1.05, 1.0, 0.98, 0.98, 1.02, 1.12, 1.35, 1.5, 1.55, 1.45, 1.2, 0.88,
]
const FEEDER_WEEKEND = [0.6, 0.52, 0.46, 0.43, 0.42, 0.43, 0.5, 0.65, 0.82, 0.95, 1.0, 1.0, 1.0, 0.98, 0.95, 0.95, 1.0, 1.1, 1.3, 1.42, 1.45, 1.32, 1.1, 0.8]

export const CONSUMER_PROFILES: Record<ConsumerType, ConsumerProfile> = {
  flat: {
    label: 'Квартира',
    phases: 1,
    connection: 'direct',
    baseKw: 0.45,
    noise: 0.35,
    dayJitter: 0.2,
    seasonalAmplitude: 0.22,
    tanPhi: 0.25,
    canGenerate: false,
    load: {
      kind: 'schedule',
      shapes: {
        workday: [0.45, 0.35, 0.3, 0.28, 0.28, 0.32, 0.55, 0.95, 0.85, 0.55, 0.45, 0.45, 0.5, 0.5, 0.45, 0.45, 0.55, 0.8, 1.15, 1.4, 1.5, 1.35, 1.05, 0.7],
        saturday: FLAT_WEEKEND,
        holiday: FLAT_WEEKEND,
      },
    },
  },
  apartment_building: {
    label: 'Жилой дом',
    phases: 3,
    connection: 'transformer',
    baseKw: 1.6,
    noise: 0.08,
    dayJitter: 0.07,
    seasonalAmplitude: 0.22,
    tanPhi: 0.3,
    canGenerate: true,
    load: {
      kind: 'schedule',
      shapes: {
        workday: [0.55, 0.45, 0.4, 0.38, 0.38, 0.42, 0.65, 0.95, 0.9, 0.7, 0.65, 0.65, 0.7, 0.7, 0.68, 0.7, 0.8, 1.0, 1.3, 1.5, 1.55, 1.4, 1.1, 0.8],
        saturday: BUILDING_WEEKEND,
        holiday: BUILDING_WEEKEND,
      },
    },
  },
  office: {
    label: 'Офис',
    phases: 3,
    connection: 'direct',
    baseKw: 3,
    noise: 0.12,
    dayJitter: 0.08,
    seasonalAmplitude: 0.12,
    tanPhi: 0.45,
    canGenerate: true,
    load: {
      kind: 'schedule',
      shapes: {
        workday: [0.18, 0.18, 0.18, 0.18, 0.18, 0.2, 0.25, 0.45, 0.9, 1.2, 1.3, 1.3, 1.15, 1.25, 1.3, 1.25, 1.15, 1.0, 0.6, 0.35, 0.25, 0.2, 0.2, 0.18],
        saturday: [0.18, 0.18, 0.18, 0.18, 0.18, 0.18, 0.2, 0.22, 0.28, 0.32, 0.35, 0.35, 0.35, 0.32, 0.3, 0.28, 0.25, 0.22, 0.2, 0.2, 0.19, 0.18, 0.18, 0.18],
        holiday: [0.17, 0.17, 0.17, 0.17, 0.17, 0.17, 0.17, 0.18, 0.19, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.2, 0.19, 0.18, 0.18, 0.17, 0.17, 0.17, 0.17, 0.17],
      },
    },
  },
  shop: {
    label: 'Магазин',
    phases: 3,
    connection: 'direct',
    baseKw: 3.5,
    noise: 0.1,
    dayJitter: 0.07,
    seasonalAmplitude: 0.1,
    tanPhi: 0.4,
    canGenerate: true,
    load: {
      kind: 'schedule',
      shapes: {
        workday: [0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.32, 0.45, 0.8, 1.1, 1.15, 1.2, 1.2, 1.2, 1.2, 1.2, 1.25, 1.3, 1.35, 1.3, 1.15, 0.6, 0.35, 0.3],
        saturday: [0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.32, 0.45, 0.85, 1.2, 1.25, 1.3, 1.3, 1.3, 1.3, 1.3, 1.3, 1.3, 1.3, 1.25, 1.1, 0.6, 0.35, 0.3],
        holiday: [0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.3, 0.35, 0.45, 0.75, 1.05, 1.1, 1.1, 1.1, 1.1, 1.1, 1.1, 1.05, 1.0, 0.8, 0.45, 0.35, 0.3, 0.3],
      },
    },
  },
  industrial: {
    label: 'Промышленное предприятие',
    phases: 3,
    connection: 'transformer',
    baseKw: 2.2,
    noise: 0.1,
    dayJitter: 0.1,
    seasonalAmplitude: 0.05,
    tanPhi: 0.65,
    canGenerate: true,
    load: {
      kind: 'schedule',
      shapes: {
        workday: [0.5, 0.48, 0.47, 0.47, 0.48, 0.55, 0.8, 1.15, 1.25, 1.3, 1.3, 1.25, 1.1, 1.25, 1.3, 1.3, 1.25, 1.2, 1.15, 1.15, 1.1, 1.05, 0.95, 0.6],
        saturday: [0.45, 0.44, 0.44, 0.44, 0.44, 0.46, 0.55, 0.7, 0.75, 0.78, 0.78, 0.75, 0.7, 0.72, 0.72, 0.7, 0.65, 0.55, 0.5, 0.48, 0.47, 0.46, 0.45, 0.45],
        holiday: [
          0.42, 0.42, 0.42, 0.42, 0.42, 0.42, 0.42, 0.43, 0.44, 0.45, 0.45, 0.45, 0.45, 0.45, 0.45, 0.45, 0.44, 0.43, 0.42, 0.42, 0.42, 0.42, 0.42, 0.42,
        ],
      },
    },
  },
  street_lighting: {
    label: 'Уличное освещение',
    phases: 3,
    connection: 'direct',
    baseKw: 3.5,
    noise: 0.02,
    dayJitter: 0.01,
    seasonalAmplitude: 0,
    tanPhi: 0.3,
    canGenerate: false,
    load: { kind: 'darkness' },
  },
  feeder: {
    label: 'Фидер ТП',
    phases: 3,
    connection: 'transformer',
    baseKw: 2.4,
    noise: 0.05,
    dayJitter: 0.06,
    seasonalAmplitude: 0.22,
    tanPhi: 0.45,
    canGenerate: false,
    load: {
      kind: 'schedule',
      shapes: {
        workday: [0.55, 0.48, 0.44, 0.42, 0.43, 0.48, 0.65, 0.9, 1.0, 1.0, 1.0, 1.0, 1.0, 1.0, 0.98, 0.98, 1.02, 1.15, 1.35, 1.45, 1.45, 1.3, 1.05, 0.75],
        saturday: FEEDER_WEEKEND,
        holiday: FEEDER_WEEKEND,
      },
    },
  },
}
