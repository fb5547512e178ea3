import type { OutboxError } from './types'

/** Russian names of the fields an edit sends, for the readable form of a field error. */
const FIELD_LABELS: Record<string, string> = {
  point_number: 'Идентификатор',
  name: 'Наименование',
  address: 'Адрес',
  geopoint: 'Координаты',
  remark: 'Примечание',
  customer_id: 'Абонент',
  energy_limit: 'Лимит энергии',
  serial_num: 'Серийный номер',
  coeff: 'Коэффициент трансформации тока',
  coeff_voltage: 'Коэффициент трансформации напряжения',
}

/** DRF-style keys of errors that belong to no field. */
const GENERAL_KEYS = new Set(['non_field_errors', 'detail'])

export const CONFLICT_MESSAGE = 'Запись изменена на сервере другим пользователем: выберите, какую версию сохранить'

function fieldErrors(body: object): Record<string, string[]> | null {
  const fields: Record<string, string[]> = {}
  for (const [field, value] of Object.entries(body)) {
    const messages = typeof value === 'string' ? [value] : value
    if (!Array.isArray(messages) || !messages.every((message) => typeof message === 'string')) return null
    fields[field] = messages
  }
  return Object.keys(fields).length > 0 ? fields : null
}

/** A 4xx answer (`{detail: "..."}` or `{field: ["msg"]}`) kept structured and as one readable Russian line. */
export function describeRejection(status: number, body: unknown): OutboxError {
  if (typeof body === 'object' && body !== null) {
    const { detail } = body as { detail?: unknown }
    if (typeof detail === 'string') return { status, message: detail }
    const fields = fieldErrors(body)
    if (fields) {
      const message = Object.entries(fields)
        .map(([field, messages]) => (GENERAL_KEYS.has(field) ? '' : `${FIELD_LABELS[field] ?? field}: `) + messages.join(' '))
        .join('; ')
      return { status, message, fields }
    }
  }
  return { status, message: `Сервер отклонил изменение (код ${status})` }
}

/** Why an attempt will be repeated; `status` is absent when the request never got an answer. */
export function describeRetry(status?: number): OutboxError {
  if (status === undefined) return { message: 'Нет связи с сервером: изменение будет отправлено позже' }
  if (status === 408) return { status, message: 'Сервер не дождался запроса (код 408): повтор позже' }
  if (status === 429) return { status, message: 'Слишком много запросов к серверу (код 429): повтор позже' }
  if (status >= 200 && status < 300) return { status, message: 'Ответ сервера не распознан: повтор позже' }
  return { status, message: `Сервер временно недоступен (код ${status}): повтор позже` }
}
