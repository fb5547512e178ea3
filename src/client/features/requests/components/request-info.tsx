import type { ReactNode } from 'react'
import { DataList } from '@chakra-ui/react'
import { CUSTOMER_TYPES } from '../../../../shared/constants'
import type { DocumentRequest } from '../../../../shared/schemas/requests'
import { CUSTOMER_TYPE_FIELDS } from '../../../../shared/validation/customer'

type CustomerDetail = 'snils' | 'company_inn' | 'company_kpp' | 'company_ogrn' | 'company_legal_address'
const CUSTOMER_DETAIL_LABELS: Record<CustomerDetail, string> = {
  snils: 'СНИЛС',
  company_inn: 'ИНН',
  company_kpp: 'КПП',
  company_ogrn: 'ОГРН',
  company_legal_address: 'Юридический адрес',
}

/**
 * Rows of a name and its value. A row's name stands on the baseline of its value's first line, not at the middle of
 * the value: «Ответственный» with «Назначить на себя» wraps to two lines (a 44 px link on touch), and a centred name
 * then sat between them, out of line with the name beside it.
 */
export function InfoList({ items, label }: { items: [string, ReactNode][]; label: string }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" aria-label={label}>
      {items.map(([name, value]) => (
        <DataList.Item key={name} alignItems="baseline">
          <DataList.ItemLabel minW="36">{name}</DataList.ItemLabel>
          <DataList.ItemValue>{value || '—'}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  )
}

/** The applicant: the subscriber's user who filed it. */
export function UserInfo({ user }: { user: DocumentRequest['user'] }) {
  return (
    <InfoList
      label="Заявитель"
      items={[
        ['ФИО', [user.last_name, user.first_name, user.middle_name].filter(Boolean).join(' ')],
        ['Логин', user.username],
      ]}
    />
  )
}

/** The subscriber's account: the fields of its type only (SNILS for individuals, company numbers for the others). */
export function CustomerInfo({ customer }: { customer: DocumentRequest['customer'] }) {
  const typed = (CUSTOMER_TYPE_FIELDS[customer.customer_type as keyof typeof CUSTOMER_TYPE_FIELDS] ?? []) as readonly string[]
  const details = (Object.keys(CUSTOMER_DETAIL_LABELS) as CustomerDetail[]).filter((field) => typed.includes(field))
  return (
    <InfoList
      label="Абонент"
      items={[
        ['Абонент', customer.name],
        ['Тип абонента', CUSTOMER_TYPES[customer.customer_type as keyof typeof CUSTOMER_TYPES]],
        ['Лицевой счёт', customer.customer_number],
        ...details.map((field): [string, ReactNode] => [CUSTOMER_DETAIL_LABELS[field], customer[field]]),
      ]}
    />
  )
}
