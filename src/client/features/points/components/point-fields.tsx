import { useQuery } from '@tanstack/react-query'
import { SimpleGrid } from '@chakra-ui/react'
import { T } from '../../../../shared/texts'
import { SelectField, TextField } from '../../../components/ui/fields'
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

type Props = {
  values: PointFormValues
  errors: Record<string, string>
  set: <K extends keyof PointFormValues>(name: K, value: PointFormValues[K]) => void
}

/** The fields of a point, shared by the add dialog and the "Основное" tab. */
export function PointFields({ values, errors, set }: Props) {
  const customers = useQuery(customersForSelection)
  const options = (customers.data?.results ?? []).map((c) => ({ value: c.customer_id, label: c.name }))
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <TextField label="Наименование" required value={values.name} onChange={(x) => set('name', x)} error={errors.name} maxLength={255} />
      <TextField
        label="Идентификатор точки учёта"
        required
        value={values.point_number}
        onChange={(x) => set('point_number', x)}
        error={errors.point_number}
        maxLength={50}
      />
      <TextField label="Адрес" required value={values.address} onChange={(x) => set('address', x)} error={errors.address} maxLength={500} />
      <TextField
        label="Широта"
        inputMode="decimal"
        placeholder="56.838011"
        value={values.latitude}
        onChange={(x) => set('latitude', x)}
        error={errors.latitude ?? errors.geopoint}
      />
      <TextField
        label="Долгота"
        inputMode="decimal"
        placeholder="60.597465"
        value={values.longitude}
        onChange={(x) => set('longitude', x)}
        error={errors.longitude}
      />
      <SelectField
        label="Абонент"
        value={values.customer_id}
        options={options}
        onChange={(x) => set('customer_id', x)}
        error={errors.customer_id}
        emptyText={customers.isError ? T.loadFailed : T.noCustomers}
      />
      <TextField
        label="Лимит потребления, кВт·ч"
        type="number"
        inputMode="decimal"
        value={values.energy_limit}
        onChange={(x) => set('energy_limit', x)}
        error={errors.energy_limit}
      />
      <TextField label="Примечание" multiline value={values.remark} onChange={(x) => set('remark', x)} error={errors.remark} />
    </SimpleGrid>
  )
}

export const customerNameOf = (customers: { customer_id: number; name: string }[] | undefined, id: number | null) =>
  id === null ? null : (customers?.find((c) => c.customer_id === id)?.name ?? null)
