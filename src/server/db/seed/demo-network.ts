import { halfHourEnergy, type ConsumerType } from '../../collector/load-model'
import { moscowDayIndex } from '../../collector/moscow-time'
import { unitHash } from '../../collector/seeded-random'

/**
 * The demo's electric network as balances: consumers whose meters the load model drives, and supply meters
 * (substation inputs, feeder cells, transformer inputs) that measure what flows on to the points they feed plus
 * the technical losses on the way. So every demo object receives a few percent more than it sends, never less.
 */

/** The consumer each demo point's own meter stands for (the emulator plays the same one, so live data continues the history). */
const LOADS: Record<string, ConsumerType> = {
  'РП-3, яч. 12': 'feeder',
  'ТП-214, ф. 3': 'shop',
  'ТП-305, ввод 0,4 кВ': 'feeder',
  'ж/д ул. Ленина, 12': 'apartment_building',
  'ж/д ул. Ленина, 14': 'apartment_building',
  'ж/д ул. Пушкинская, 20, ВРУ-1': 'apartment_building',
  'ж/д ул. Пушкинская, 20, ВРУ-2': 'apartment_building',
  'ж/д ул. Мира, 8': 'apartment_building',
  'ж/д Октябрьский пр-т, 50': 'apartment_building',
  'Школа № 17': 'office',
  'Детский сад № 5 «Солнышко»': 'office',
  'Поликлиника № 2': 'office',
  'Котельная № 3': 'industrial',
  'Насосная станция «Водоканал»': 'industrial',
  'Магазин «Продукты», ул. Мира, 8': 'shop',
  'ТЦ «Северный», ВРУ-0,4 кВ': 'shop',
  'Автомойка ИП Соколов': 'shop',
  'Гараж ГСК «Мотор», бокс 14': 'flat',
  'Уличное освещение ул. Ленина': 'street_lighting',
  'Уличное освещение Октябрьский пр-т': 'street_lighting',
  'Ферма СПК «Молочный»': 'industrial',
  'Строительная площадка ЖК «Речной»': 'industrial',
  'Кафе «Вологодское кружево»': 'shop',
  'Аптека № 8': 'shop',
}

/** The consumer a demo point's meter plays; flats and small customers by default. */
export function demoConsumerOf(pointName: string): ConsumerType {
  return LOADS[pointName] ?? 'flat'
}

/**
 * A supply meter: it measures `share` of what its points take, times 1 + `loss` (the technical losses between,
 * varying by day around that value). Two transformer inputs share a substation's load.
 */
type Supply = { feeds: string[]; loss: number; share?: number }

const SUBSTATION_FEEDERS = ['РП-3, яч. 7', 'РП-3, яч. 12']
const SUPPLIES: Record<string, Supply> = {
  'ТП-214, ввод 0,4 кВ': { feeds: ['ж/д ул. Ленина, 12', 'ж/д ул. Ленина, 14', 'ТП-214, ф. 3'], loss: 0.035 },
  'ТП-118, ввод 0,4 кВ': { feeds: ['ж/д ул. Пушкинская, 20, ВРУ-1', 'ж/д ул. Пушкинская, 20, ВРУ-2'], loss: 0.03 },
  'РП-3, яч. 7': { feeds: ['ТП-214, ввод 0,4 кВ', 'ТП-118, ввод 0,4 кВ'], loss: 0.025 },
  'ПС 110/10 кВ «Северная», ввод Т-1': { feeds: SUBSTATION_FEEDERS, loss: 0.012, share: 0.55 },
  'ПС 110/10 кВ «Северная», ввод Т-2': { feeds: SUBSTATION_FEEDERS, loss: 0.012, share: 0.45 },
  'КТП-42, ввод 0,4 кВ': { feeds: ['Частный дом, ул. Садовая, 3', 'Частный дом, ул. Садовая, 5', 'Ферма СПК «Молочный»'], loss: 0.04 },
  'ПС 35/10 кВ «Заречная», ф. 10-4': { feeds: ['КТП-42, ввод 0,4 кВ'], loss: 0.03 },
}

/** Supply meters are not polled from the emulator: it plays consumers only, and a supply's values follow its points. */
export const isSupplyPoint = (pointName: string) => pointName in SUPPLIES

/** An installation as the network needs it: which meter is on which point, when, with which ratio. */
export type DemoInstallation = { point_name: string; counter_id: number; installed_at: Date; removed_at: Date | null; ratio: number }

/** A day's spread of the losses around the supply's value: 0.8 to 1.2 times it, so they are never negative. */
const LOSS_SALT = 91

/**
 * Energy at each demo point per half-hour, in kWh at the point (ratios applied), and at its meter. Consumers are
 * their meter's load model; supplies sum the points they feed. A consumer's energy counts even in a half-hour its
 * meter failed to record: the energy flowed, only the record is missing.
 */
export class DemoNetwork {
  private readonly byPoint = new Map<string, DemoInstallation[]>()

  constructor(installations: DemoInstallation[]) {
    for (const installation of installations) {
      const list = this.byPoint.get(installation.point_name) ?? []
      list.push(installation)
      this.byPoint.set(installation.point_name, list)
    }
  }

  private meterAt(pointName: string, at: number): DemoInstallation | undefined {
    return this.byPoint.get(pointName)?.find((i) => i.installed_at.getTime() <= at && (i.removed_at === null || i.removed_at.getTime() > at))
  }

  /** A+ and R+ at the point over the half-hour starting at `at`. */
  pointEnergy(pointName: string, at: number): { aPlus: number; rPlus: number } {
    const supply = SUPPLIES[pointName]
    if (!supply) {
      const meter = this.meterAt(pointName, at)
      if (!meter) return { aPlus: 0, rPlus: 0 }
      const energy = halfHourEnergy(meter.counter_id, demoConsumerOf(pointName), new Date(at))
      return { aPlus: energy.aPlus * meter.ratio, rPlus: energy.rPlus * meter.ratio }
    }
    const day = moscowDayIndex(at)
    const factor = (supply.share ?? 1) * (1 + supply.loss * (0.8 + 0.4 * unitHash(LOSS_SALT, day, Math.round(supply.loss * 1000))))
    let aPlus = 0
    let rPlus = 0
    for (const fed of supply.feeds) {
      const energy = this.pointEnergy(fed, at)
      aPlus += energy.aPlus
      rPlus += energy.rPlus
    }
    return { aPlus: aPlus * factor, rPlus: rPlus * factor }
  }

  /** What a supply installation's meter records over the half-hour: the point's energy over its ratio. */
  meterEnergy(installation: DemoInstallation, at: number): { aPlus: number; rPlus: number } {
    const energy = this.pointEnergy(installation.point_name, at)
    return { aPlus: energy.aPlus / installation.ratio, rPlus: energy.rPlus / installation.ratio }
  }
}
