import { asc, eq } from 'drizzle-orm'
import type { Executor } from '../client'
import {
  counterModelApis,
  counterModels,
  counterOperations,
  counters,
  customers,
  dataParameters,
  dataSources,
  modelConnParams,
  modelParameters,
  pointCounters,
  points,
  resourceTypes,
  taskGroups,
  users,
} from '../schema'
import type { BaseSeedResult } from './base'

/* Reference data of the metering registry: real model names, their protocol families and parameter groups. */

const RESOURCE_TYPES = ['Электроэнергия', 'Водоснабжение', 'Газоснабжение']
const DATA_SOURCES = [
  { name: 'TCP', remark: 'Опрос по TCP/IP через преобразователь интерфейса (RS-485/Ethernet, GSM-модем)' },
  { name: 'lorawandb', remark: 'Данные LoRaWAN из базы сетевого сервера' },
]
const TASK_GROUPS = [
  { name: 'Показания (энергия нарастающим итогом)', kind: 'registers' },
  { name: 'Мгновенные значения', kind: 'instant' },
  { name: 'Профиль мощности', kind: 'profile' },
]

type ParameterSeed = { name: string; code: string; measurement: string; group: number; resource: number }
const PARAMETERS: ParameterSeed[] = [
  { name: 'Активная энергия прямого направления (A+)', code: 'A+', measurement: 'кВт·ч', group: 0, resource: 0 },
  { name: 'Активная энергия обратного направления (A-)', code: 'A-', measurement: 'кВт·ч', group: 0, resource: 0 },
  { name: 'Реактивная энергия прямого направления (R+)', code: 'R+', measurement: 'квар·ч', group: 0, resource: 0 },
  { name: 'Реактивная энергия обратного направления (R-)', code: 'R-', measurement: 'квар·ч', group: 0, resource: 0 },
  { name: 'Напряжение фазы A', code: 'U1', measurement: 'В', group: 1, resource: 0 },
  { name: 'Напряжение фазы B', code: 'U2', measurement: 'В', group: 1, resource: 0 },
  { name: 'Напряжение фазы C', code: 'U3', measurement: 'В', group: 1, resource: 0 },
  { name: 'Ток фазы A', code: 'I1', measurement: 'А', group: 1, resource: 0 },
  { name: 'Ток фазы B', code: 'I2', measurement: 'А', group: 1, resource: 0 },
  { name: 'Ток фазы C', code: 'I3', measurement: 'А', group: 1, resource: 0 },
  { name: 'Активная мощность', code: 'P', measurement: 'кВт', group: 1, resource: 0 },
  { name: 'Частота сети', code: 'F', measurement: 'Гц', group: 1, resource: 0 },
  { name: 'Профиль активной мощности прямого направления', code: 'P+', measurement: 'кВт', group: 2, resource: 0 },
  { name: 'Профиль реактивной мощности прямого направления', code: 'Q+', measurement: 'квар', group: 2, resource: 0 },
  { name: 'Объём холодной воды', code: 'V_CW', measurement: 'м³', group: 0, resource: 1 },
  { name: 'Объём газа', code: 'V_GAS', measurement: 'м³', group: 0, resource: 2 },
]
const THREE_PHASE = ['A+', 'A-', 'R+', 'R-', 'U1', 'U2', 'U3', 'I1', 'I2', 'I3', 'P', 'F', 'P+', 'Q+']
const SINGLE_PHASE = ['A+', 'U1', 'I1', 'P', 'F']

/** par_name keys the collector's drivers read; lorawandb installations keep only the net address. */
const TCP_CONN_PARAMS = [
  { par_name: 'source', description: 'Источник данных', default_value: 'TCP', required: true },
  { par_name: 'host', description: 'IP-адрес или имя узла', default_value: '', required: true },
  { par_name: 'port', description: 'TCP-порт', default_value: '4001', required: true },
  { par_name: 'net_address', description: 'Сетевой адрес счётчика', default_value: '', required: true },
  { par_name: 'password', description: 'Пароль', default_value: '', required: false },
  { par_name: 'access_level', description: 'Уровень доступа (1 — чтение, 2 — запись)', default_value: '1', required: false },
  { par_name: 'timeout_ms', description: 'Таймаут ответа, мс', default_value: '1000', required: false },
  { par_name: 'retries', description: 'Число повторов', default_value: '2', required: false },
]

/** Mercury 230 only: the constant A override and the password's form (migration 0027 adds them to existing databases). */
const MERCURY230_CONN_PARAMS = [
  { par_name: 'meter_constant', description: 'Постоянная счётчика A, имп/кВт·ч (вместо прочитанной из счётчика)', default_value: '', required: false },
  { par_name: 'password_mode', description: 'Вид пароля: digits — шесть цифр, ascii — шесть символов ASCII', default_value: 'digits', required: false },
]

type ModelSeed = { name: string; external: string; storage: boolean; width: number; decimals: number; params: string[]; remark?: string }
const MODEL_GROUPS: { name: string; driver: string; resource: number; models: ModelSeed[] }[] = [
  {
    name: 'Меркурий 230/234/236',
    driver: 'mercury230',
    resource: 0,
    models: [
      {
        name: 'Меркурий 230 ART',
        external: 'mercury_230',
        storage: true,
        width: 6,
        decimals: 2,
        params: THREE_PHASE,
        remark: 'Трёхфазный многотарифный, RS-485',
      },
      { name: 'Меркурий 234 ARTM', external: 'mercury_234', storage: true, width: 6, decimals: 2, params: THREE_PHASE },
      { name: 'Меркурий 236 ART', external: 'mercury_236', storage: true, width: 6, decimals: 2, params: THREE_PHASE },
    ],
  },
  {
    name: 'Меркурий 200/206',
    driver: 'mercury206',
    resource: 0,
    models: [
      {
        name: 'Меркурий 206 RN',
        external: 'mercury_206',
        storage: true,
        width: 6,
        decimals: 2,
        params: SINGLE_PHASE,
        remark: 'Однофазный с реле управления нагрузкой',
      },
      { name: 'Меркурий 200.02', external: 'mercury_200', storage: false, width: 6, decimals: 2, params: SINGLE_PHASE },
    ],
  },
  {
    name: 'Энергомера CE',
    driver: 'energomera',
    resource: 0,
    models: [
      { name: 'Энергомера CE 102', external: 'ce_102', storage: false, width: 6, decimals: 2, params: SINGLE_PHASE },
      { name: 'Энергомера CE 303', external: 'ce_303', storage: true, width: 6, decimals: 2, params: THREE_PHASE },
    ],
  },
  {
    name: 'Нева МТ',
    driver: 'neva',
    resource: 0,
    models: [{ name: 'Нева МТ 113', external: 'neva_mt113', storage: false, width: 6, decimals: 2, params: SINGLE_PHASE }],
  },
  {
    name: 'Пульсар',
    driver: 'pulsar',
    resource: 1,
    models: [{ name: 'Пульсар М', external: 'pulsar_m', storage: true, width: 8, decimals: 3, params: ['V_CW'] }],
  },
  {
    name: 'СГБ',
    driver: 'sgb',
    resource: 2,
    models: [{ name: 'СГБ G4 ЭЛЕХАНТ', external: 'sgb_g4', storage: true, width: 8, decimals: 3, params: ['V_GAS'] }],
  },
]

export type RegistryReferences = { modelIds: Record<string, number>; sourceIds: Record<string, number> }

/** Reference data only: enough for the API tests and the install wizard. */
export async function seedRegistryReferences(db: Executor): Promise<RegistryReferences> {
  const resources = await db
    .insert(resourceTypes)
    .values(RESOURCE_TYPES.map((name) => ({ name })))
    .returning()
  const sources = await db.insert(dataSources).values(DATA_SOURCES).returning()
  const groups = await db.insert(taskGroups).values(TASK_GROUPS).returning()
  const parameters = await db
    .insert(dataParameters)
    .values(
      PARAMETERS.map((p) => ({
        name: p.name,
        code: p.code,
        measurement: p.measurement,
        task_group_id: groups[p.group]!.task_group_id,
        resource_type_id: resources[p.resource]!.resource_type_id,
      })),
    )
    .returning()
  const parameterId = Object.fromEntries(parameters.map((p) => [p.code, p.parameter_id]))
  const tcp = sources[0]!.source_id
  const modelIds: Record<string, number> = {}
  for (const group of MODEL_GROUPS) {
    const resourceTypeId = resources[group.resource]!.resource_type_id
    const [api] = await db.insert(counterModelApis).values({ name: group.name, driver: group.driver, resource_type_id: resourceTypeId }).returning()
    const apiId = api!.counter_model_api_id
    const connParams = group.driver === 'mercury230' ? [...TCP_CONN_PARAMS, ...MERCURY230_CONN_PARAMS] : TCP_CONN_PARAMS
    await db.insert(modelConnParams).values(connParams.map((p, order_num) => ({ ...p, order_num, counter_model_api_id: apiId })))
    for (const model of group.models) {
      const [row] = await db
        .insert(counterModels)
        .values({
          name: model.name,
          source_id: tcp,
          resource_type_id: resourceTypeId,
          counter_model_api_id: apiId,
          external_model: model.external,
          has_storage: model.storage,
          counter_width: model.width,
          decimal_places: model.decimals,
          remark: model.remark ?? '',
        })
        .returning()
      modelIds[model.name] = row!.model_id
      await db.insert(modelParameters).values(model.params.map((code) => ({ model_id: row!.model_id, parameter_id: parameterId[code]! })))
    }
  }
  return { modelIds, sourceIds: Object.fromEntries(sources.map((s) => [s.name, s.source_id])) }
}

/* Demo points: a city network from the substation down to buildings. */

const POINT_NAMES: [string, string][] = [
  ['ПС 110/10 кВ «Северная», ввод Т-1', 'г. Вологда, Северное шоссе, 3'],
  ['ПС 110/10 кВ «Северная», ввод Т-2', 'г. Вологда, Северное шоссе, 3'],
  ['ПС 35/10 кВ «Заречная», ф. 10-4', 'г. Вологда, ул. Заречная, 40'],
  ['РП-3, яч. 7', 'г. Вологда, ул. Мира, 15а'],
  ['РП-3, яч. 12', 'г. Вологда, ул. Мира, 15а'],
  ['ТП-214, ввод 0,4 кВ', 'г. Вологда, ул. Ленина, 10'],
  ['ТП-214, ф. 3', 'г. Вологда, ул. Ленина, 10'],
  ['ТП-118, ввод 0,4 кВ', 'г. Вологда, ул. Пушкинская, 22'],
  ['ТП-305, ввод 0,4 кВ', 'г. Вологда, Октябрьский пр-т, 48'],
  ['КТП-42, ввод 0,4 кВ', 'Вологодская обл., пос. Молочное, ул. Парковая, 1'],
  ['ж/д ул. Ленина, 12', 'г. Вологда, ул. Ленина, 12'],
  ['ж/д ул. Ленина, 14', 'г. Вологда, ул. Ленина, 14'],
  ['ж/д ул. Пушкинская, 20, ВРУ-1', 'г. Вологда, ул. Пушкинская, 20'],
  ['ж/д ул. Пушкинская, 20, ВРУ-2', 'г. Вологда, ул. Пушкинская, 20'],
  ['ж/д ул. Мира, 8', 'г. Вологда, ул. Мира, 8'],
  ['ж/д Октябрьский пр-т, 50', 'г. Вологда, Октябрьский пр-т, 50'],
  ['Школа № 17', 'г. Вологда, ул. Гагарина, 31'],
  ['Детский сад № 5 «Солнышко»', 'г. Вологда, ул. Гагарина, 35'],
  ['Поликлиника № 2', 'г. Вологда, ул. Советская, 77'],
  ['Котельная № 3', 'г. Вологда, ул. Промышленная, 4'],
  ['Насосная станция «Водоканал»', 'г. Вологда, ул. Набережная, 2'],
  ['Магазин «Продукты», ул. Мира, 8', 'г. Вологда, ул. Мира, 8, пом. 1'],
  ['ТЦ «Северный», ВРУ-0,4 кВ', 'г. Вологда, Северное шоссе, 11'],
  ['Автомойка ИП Соколов', 'г. Вологда, ул. Промышленная, 12'],
  ['Гараж ГСК «Мотор», бокс 14', 'г. Вологда, ул. Гаражная, 1, бокс 14'],
  ['Уличное освещение ул. Ленина', 'г. Вологда, ул. Ленина'],
  ['Уличное освещение Октябрьский пр-т', 'г. Вологда, Октябрьский пр-т'],
  ['Кв. 15, ул. Ленина, 12', 'г. Вологда, ул. Ленина, 12, кв. 15'],
  ['Кв. 41, ул. Ленина, 12', 'г. Вологда, ул. Ленина, 12, кв. 41'],
  ['Кв. 7, ул. Мира, 8', 'г. Вологда, ул. Мира, 8, кв. 7'],
  ['Частный дом, ул. Садовая, 3', 'Вологодская обл., пос. Молочное, ул. Садовая, 3'],
  ['Частный дом, ул. Садовая, 5', 'Вологодская обл., пос. Молочное, ул. Садовая, 5'],
  ['Ферма СПК «Молочный»', 'Вологодская обл., пос. Молочное, ул. Фермерская, 1'],
  ['Водомерный узел ж/д ул. Ленина, 12', 'г. Вологда, ул. Ленина, 12, подвал'],
  ['Газовый ввод Котельная № 3', 'г. Вологда, ул. Промышленная, 4'],
  ['Строительная площадка ЖК «Речной»', 'г. Вологда, ул. Набережная, 18'],
  ['Кафе «Вологодское кружево»', 'г. Вологда, ул. Советская, 12'],
  ['Аптека № 8', 'г. Вологда, ул. Гагарина, 40'],
]

/**
 * Which model each point's meter is, in order; null leaves a point without a meter. The supply meters of the demo
 * network (substation inputs, feeder cells, transformer inputs: see demo-network) are models the emulator does not
 * play, so their history, which follows the points they feed, is not overwritten by independent live values.
 */
const METER_PLAN: (string | null)[] = [
  'Энергомера CE 303',
  'Энергомера CE 303',
  'Энергомера CE 303',
  'Энергомера CE 303',
  'Энергомера CE 303',
  'Энергомера CE 303',
  'Меркурий 236 ART',
  'Энергомера CE 303',
  'Меркурий 230 ART',
  'Энергомера CE 303',
  'Меркурий 230 ART',
  'Меркурий 234 ARTM',
  'Меркурий 230 ART',
  'Меркурий 236 ART',
  null,
  'Энергомера CE 303',
  'Меркурий 230 ART',
  'Меркурий 206 RN',
  'Меркурий 234 ARTM',
  'Меркурий 230 ART',
  'Меркурий 230 ART',
  'Меркурий 206 RN',
  'Меркурий 234 ARTM',
  'Нева МТ 113',
  null,
  'Энергомера CE 102',
  null,
  'Меркурий 206 RN',
  'Нева МТ 113',
  'Меркурий 200.02',
  'Энергомера CE 102',
  'Меркурий 206 RN',
  'Меркурий 230 ART',
  'Пульсар М',
  'СГБ G4 ЭЛЕХАНТ',
  null,
  'Меркурий 206 RN',
  null,
]

const DAY = 86_400_000

/** Demo step 'registry': reference data, dozens of points, meters installed on most of them, a few replaced. */
export async function seedRegistry(db: Executor, _base: BaseSeedResult): Promise<void> {
  const refs = await seedRegistryReferences(db)
  const [admin] = await db.select({ id: users.user_id }).from(users).where(eq(users.is_superuser, true)).orderBy(asc(users.user_id)).limit(1)
  const userId = admin?.id ?? null
  const customerIds = (await db.select({ id: customers.customer_id }).from(customers).orderBy(asc(customers.customer_id)).limit(POINT_NAMES.length)).map(
    (c) => c.id,
  )
  const now = Date.now()
  const installedAt = new Date(now - 400 * DAY)
  for (const [index, [name, address]] of POINT_NAMES.entries()) {
    const [point] = await db
      .insert(points)
      .values({
        name,
        address,
        point_number: `35-${String(1001 + index).padStart(6, '0')}`,
        customer_id: index >= 10 && index % 2 === 0 ? (customerIds[index % Math.max(customerIds.length, 1)] ?? null) : null,
        energy_limit: index < 10 ? 500_000 : 5000,
        remark: index < 5 ? 'Коммерческий учёт' : '',
      })
      .returning()
    const modelName = METER_PLAN[index]
    if (!modelName) continue
    const pointId = point!.point_id
    const highVoltage = index < 5
    // 10 kV: current transformers 100/5 and voltage transformers 10000/100; 0.4 kV inputs and buildings: 200/5.
    const coeff = highVoltage ? 20 : index < 10 || name.startsWith('ж/д') ? 40 : 1
    const coeffVoltage = highVoltage ? 100 : 1
    // Every fifth point had its meter replaced half a year ago: the old one is in the history as removed.
    const replaced = index % 5 === 2
    const meters = replaced ? [`${modelName}:old`, modelName] : [modelName]
    for (const [n, meter] of meters.entries()) {
      const old = meter.endsWith(':old')
      const model = refs.modelIds[meter.replace(':old', '')]!
      const [row] = await db
        .insert(counters)
        .values({ serial_num: String(old ? 30_000_000 + index * 7 : 40_000_000 + index * 13 + n), model_id: model, coeff, coeff_voltage: coeffVoltage })
        .returning()
      const counterId = row!.counter_id
      const from = old ? installedAt : replaced ? new Date(now - 180 * DAY) : installedAt
      const to = old ? new Date(now - 180 * DAY) : null
      await db.insert(pointCounters).values({
        point_id: pointId,
        counter_id: counterId,
        installed_at: from,
        removed_at: to,
        coeff,
        coeff_voltage: coeffVoltage,
        source_id: refs.sourceIds.TCP!,
        conn_params: {
          source: 'TCP',
          host: '127.0.0.1',
          port: '4001',
          net_address: String((index % 240) + 1),
          password: '',
          access_level: '1',
          timeout_ms: '1000',
          retries: '2',
        },
      })
      await db.insert(counterOperations).values([
        { counter_id: counterId, point_id: null, coper_type: 'create', operation_date: from, user_id: userId },
        { counter_id: counterId, point_id: pointId, coper_type: 'install', operation_date: from, user_id: userId },
        ...(to
          ? [
              {
                counter_id: counterId,
                point_id: pointId,
                coper_type: 'take_off',
                operation_date: to,
                comment: 'Истёк межповерочный интервал',
                user_id: userId,
              },
            ]
          : []),
      ])
    }
  }
  // Meters in stock: bought, never installed, offered by the wizard as existing meters.
  for (const [n, model] of ['Меркурий 230 ART', 'Меркурий 230 ART', 'Меркурий 206 RN', 'Энергомера CE 102'].entries()) {
    const [row] = await db
      .insert(counters)
      .values({ serial_num: String(50_000_000 + n), model_id: refs.modelIds[model]! })
      .returning()
    await db.insert(counterOperations).values({ counter_id: row!.counter_id, coper_type: 'create', operation_date: new Date(now - 30 * DAY), user_id: userId })
  }
}
