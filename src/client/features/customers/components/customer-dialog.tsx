import { SimpleGrid } from '@chakra-ui/react'
import { CUSTOMER_TYPES } from '../../../../shared/constants'
import { T } from '../../../../shared/texts'
import { customerInput, type Customer } from '../../../../shared/schemas/customers'
import { CUSTOMER_TYPE_FIELDS, type TypedField } from '../../../../shared/validation/customer'
import { formatSnils } from '../../../../shared/validation/snils'
import { SelectField, TextField } from '../../../components/ui/fields'
import { SaveDialog } from '../../../components/ui/form-dialog'
import { useForm } from '../../../components/ui/use-form'
import { createCustomer, updateCustomer } from '../api/customers'

const TYPE_OPTIONS = Object.entries(CUSTOMER_TYPES).map(([value, label]) => ({ value: Number(value) as 1 | 2 | 3, label }))

const TYPED_LABELS: Record<TypedField, { label: string; digits?: boolean; max: number }> = {
  snils: { label: 'СНИЛС', max: 14 },
  company_full_name: { label: 'Полное наименование', max: 500 },
  company_short_name: { label: 'Краткое наименование', max: 255 },
  company_inn: { label: 'ИНН', digits: true, max: 12 },
  company_kpp: { label: 'КПП', digits: true, max: 9 },
  company_ogrn: { label: 'ОГРН', digits: true, max: 15 },
  company_bik: { label: 'БИК', digits: true, max: 9 },
  company_ks: { label: 'Корреспондентский счёт', digits: true, max: 20 },
  company_rs: { label: 'Расчётный счёт', digits: true, max: 20 },
  company_legal_address: { label: 'Юридический адрес', max: 500 },
}

const blank = {
  customer_number: '',
  customer_type: null as 1 | 2 | 3 | null,
  last_name: '',
  first_name: '',
  middle_name: '',
  snils: '',
  company_full_name: '',
  company_short_name: '',
  company_inn: '',
  company_kpp: '',
  company_ogrn: '',
  company_bik: '',
  company_ks: '',
  company_rs: '',
  company_legal_address: '',
  remark: '',
}

const initialOf = (c: Customer | null) => {
  if (!c) return blank
  const { customer_id: _id, created_at: _created, name: _name, ...fields } = c
  return fields
}

/** The details form: every field of the subscriber's type; the type is fixed once saved. */
export function CustomerDialog({ open, customer, onClose, onDone }: { open: boolean; customer: Customer | null; onClose: () => void; onDone: () => void }) {
  const form = useForm(customerInput, initialOf(customer))
  const type = form.values.customer_type
  const typed = type ? CUSTOMER_TYPE_FIELDS[type] : []
  const text = (name: keyof typeof blank & string, label: string, required = false, max?: number) => (
    <TextField
      key={name}
      label={label}
      required={required}
      maxLength={max}
      value={form.values[name] as string}
      onChange={(value) => form.set(name, (name === 'snils' ? formatSnils(value) : value) as never)}
      error={form.errors[name]}
      inputMode={name === 'snils' || TYPED_LABELS[name as TypedField]?.digits ? 'numeric' : undefined}
    />
  )
  return (
    <SaveDialog
      open={open}
      title={customer ? 'Абонент' : 'Новый абонент'}
      submitLabel={customer ? undefined : T.add}
      width="800px"
      form={form}
      save={(body) => (customer ? updateCustomer(customer.customer_id, body) : createCustomer(body))}
      saved={customer ? T.saved : T.customerAdded}
      onClose={onClose}
      onDone={onDone}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {text('customer_number', 'Лицевой счёт', false, 50)}
        <SelectField
          label="Тип абонента"
          required
          value={type}
          options={TYPE_OPTIONS}
          onChange={(value) => form.set('customer_type', value)}
          error={form.errors.customer_type}
          disabled={customer !== null}
        />
        {text('last_name', 'Фамилия', true, 150)}
        {text('first_name', 'Имя', true, 150)}
        {text('middle_name', 'Отчество', true, 150)}
        {typed.map((field) => text(field, TYPED_LABELS[field].label, type === 3 && field === 'company_full_name', TYPED_LABELS[field].max))}
      </SimpleGrid>
      <TextField label="Примечание" multiline {...form.field('remark')} />
    </SaveDialog>
  )
}
