import type { EntityName } from './types'

/** The writable fields of each entity, with the labels of its edit form, in the order they are shown. */
export const FIELD_LABELS: Record<EntityName, Record<string, string>> = {
  point: {
    name: 'Наименование',
    point_number: 'Идентификатор точки учёта',
    address: 'Адрес',
    geopoint: 'Координаты',
    customer_id: 'Абонент',
    energy_limit: 'Лимит потребления, кВт·ч',
    remark: 'Примечание',
  },
  counter: { serial_num: 'Серийный номер', coeff: 'Коэффициент трансформации тока', coeff_voltage: 'Коэффициент трансформации напряжения' },
}
