import { useQuery } from '@tanstack/react-query'
import { SimpleGrid } from '@chakra-ui/react'
import { T } from '../../../../shared/texts'
import { NumberField, SelectField, TextField } from '../../../components/ui/fields'
import { ApiError, isOffline } from '../../../lib/api-client'
import { customersForSelection } from '../api/points'

export type PointFormValues = {
  name: string
  point_number: string
  address: string
  /** The place in decimal degrees, sent together as `geopoint` (pointForm). */
  latitude: string
  longitude: string
  remark: string
  customer_id: number | null
  energy_limit: string
}

/** A field of the point's form, as `useForm`'s `field(name)` gives it, and the form's messages. */
type PointForm = {
  field: <K extends keyof PointFormValues & string>(name: K) => { value: PointFormValues[K]; onChange: (value: PointFormValues[K]) => void; error?: string }
  errors: Record<string, string>
}

/**
 * The fields of a point, shared by the add dialog and the "Основное" tab. `customer` is the point's own subscriber:
 * it shows even when the list of subscribers is out of the user's rights.
 */
export function PointFields({ form, customer }: { form: PointForm; customer?: { customer_id: number; name: string } }) {
  const customers = useQuery(customersForSelection)
  const listed = customers.data?.results ?? []
  const options = [...listed, ...(customer && !listed.some((c) => c.customer_id === customer.customer_id) ? [customer] : [])].map((c) => ({
    value: c.customer_id,
    label: c.name,
  }))
  const forbidden = customers.error instanceof ApiError && customers.error.status === 403
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <TextField label="Наименование" required {...form.field('name')} maxLength={255} />
      <TextField label="Идентификатор точки учёта" required {...form.field('point_number')} maxLength={50} />
      <TextField label="Адрес" required {...form.field('address')} maxLength={500} />
      {/* The place is checked as one geopoint: its message shows under the latitude. */}
      <TextField
        label="Широта"
        inputMode="decimal"
        placeholder="например, 56,838011"
        {...form.field('latitude')}
        error={form.errors.latitude ?? form.errors.geopoint}
      />
      <TextField label="Долгота" inputMode="decimal" placeholder="например, 60,597465" {...form.field('longitude')} />
      <SelectField
        label="Абонент"
        {...form.field('customer_id')}
        options={options}
        emptyText={forbidden ? T.customersOutOfRights : isOffline(customers.error) ? T.customersOffline : customers.isError ? T.loadFailed : T.noCustomers}
      />
      <NumberField label="Лимит потребления, кВт·ч" {...form.field('energy_limit')} />
      <TextField label="Примечание" multiline {...form.field('remark')} />
    </SimpleGrid>
  )
}

export const customerNameOf = (customers: { customer_id: number; name: string }[] | undefined, id: number | null) =>
  id === null ? null : (customers?.find((c) => c.customer_id === id)?.name ?? null)
