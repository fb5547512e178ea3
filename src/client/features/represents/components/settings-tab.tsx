import { Box, Button, Checkbox, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useNavigate } from '@tanstack/react-router'
import { Trash2 } from 'lucide-react'
import { COLOR_SWATCHES } from '../../../../shared/constants'
import { ROUND_VALS, representUpdate, type Represent } from '../../../../shared/schemas/represents'
import { plural, roundingDigits } from '../../../../shared/format'
import { T } from '../../../../shared/texts'
import { useConfirm } from '../../../components/ui/use-confirm'
import { useConfirmedWrite } from '../../../components/ui/use-confirmed-write'
import { FormActions, NumberField, SelectField, TextField } from '../../../components/ui/fields'
import { notify } from '../../../components/ui/notify'
import { useForm } from '../../../components/ui/use-form'
import { numberText } from '../../../lib/format'
import { useDeleteRepresent, useUpdateRepresent } from '../api/represents'
import { MarketAreaForm } from './market-area-form'
import { DateField } from '../../../components/ui/date-field'

const ROUND_LABELS: Record<string, string> = { trunc: 'Отбросить дробную часть', round0: 'До целого' }
const decimals = (digits: number) => `${digits} ${plural(digits, 'знак', 'знака', 'знаков')} после запятой`
const roundLabel = (value: string) => ROUND_LABELS[value] ?? decimals(roundingDigits(value))
const ROUNDINGS = ROUND_VALS.map((r) => ({ value: r, label: roundLabel(r) }))
const PERIOD_TYPES: { value: Represent['period_type']; label: string }[] = [
  { value: 'current', label: 'Текущий (с начала месяца по сегодня)' },
  { value: 'selected', label: 'С даты по дату' },
]
const ENERGY_FORMATS: { value: Represent['energy_format']; label: string }[] = [
  { value: 'kvch', label: 'кВт·ч / квар·ч' },
  { value: 'kv', label: 'кВт / квар' },
]
const ENERGY_TYPES: { value: Represent['energy_type']; label: string }[] = [
  { value: 'straight', label: 'Прямая' },
  { value: 'reverse', label: 'Обратная' },
]

function formOf(r: Represent) {
  return {
    name: r.name,
    remark: r.remark,
    lost_color: r.lost_color,
    check_health: r.check_health,
    health_check_ip: r.health_check_ip,
    health_check_port: numberText(r.health_check_port),
    period_type: r.period_type,
    period_begin: r.period_begin ?? '',
    period_end: r.period_end ?? '',
    energy_format: r.energy_format,
    energy_type: r.energy_type,
    reactive_energy: r.reactive_energy,
    show_lost: r.show_lost,
    round_val: r.round_val,
    allowed_imbalance: numberText(r.allowed_imbalance),
  }
}

/** A yes-or-no setting, bound like the text fields (`field(name)`); its message, if the server gives one, below it. */
function Check({
  label,
  value,
  error,
  disabled,
  onChange,
}: {
  label: string
  value: boolean
  error?: string
  disabled?: boolean
  onChange: (value: boolean) => void
}) {
  return (
    <>
      <Checkbox.Root checked={value} disabled={disabled} onCheckedChange={(e) => onChange(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{label}</Checkbox.Label>
      </Checkbox.Root>
      {error && (
        <Text color="fg.error" fontSize="sm">
          {error}
        </Text>
      )}
    </>
  )
}

/** Name, remark, host check, period, energy format and kind, imbalance and its allowed percent, rounding and colour of an object. */
export function SettingsTab({ represent, canChange }: { represent: Represent; canChange: boolean }) {
  const navigate = useNavigate()
  const confirm = useConfirm()
  const form = useForm(representUpdate, formOf(represent))
  const { values, set, field } = form
  const straight = values.energy_type === 'straight'
  /** A choice that is never empty: the select's empty line keeps `fallback`. */
  const choice = <K extends 'period_type' | 'energy_format' | 'energy_type' | 'round_val'>(name: K, fallback: (typeof values)[K]) => ({
    ...field(name),
    onChange: (value: (typeof values)[K] | null) => set(name, value ?? fallback),
  })
  const updateRepresent = useUpdateRepresent(represent.represent_id)
  const deleteRepresent = useDeleteRepresent(represent.represent_id)

  const onSubmit = form.submit(async () => {
    const body = {
      ...values,
      represent_id: represent.represent_id,
      period_begin: values.period_begin || null,
      period_end: values.period_end || null,
    }
    form.reset(formOf(await updateRepresent.mutateAsync(body)))
    notify.success(T.saved)
  })

  const cancel = async () => {
    if (await confirm({ message: T.confirmDiscard, danger: false })) form.reset()
  }

  // The spec's question under a title naming the object; its sub-objects go with it (the database cascades), its points stay.
  const removeObject = useConfirmedWrite(deleteRepresent, {
    ask: () => ({
      title: T.confirmDeleteTitle(T.deleteWhat.object, represent.name),
      message: [
        T.confirmDeleteObject,
        represent.children?.length ? T.deleteObjectNested(represent.children.map(({ name }) => `«${name}»`)) : '',
        T.deleteObjectKeepsPoints,
      ]
        .filter(Boolean)
        .join(' '),
      confirmLabel: T.delete,
    }),
    done: () => T.representDeleted,
  })
  const remove = async () => {
    if (await removeObject()) await navigate({ to: '/' })
  }

  return (
    <Stack gap="8">
      <Box as="form" onSubmit={onSubmit} maxW="3xl">
        <fieldset disabled={!canChange}>
          <Stack gap="4">
            <TextField label="Название" required {...field('name')} />
            <TextField label="Примечание" multiline {...field('remark')} />
            <Check label="Проверять связь с объектом" {...field('check_health')} />
            {values.check_health && (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <TextField label="Адрес" {...field('health_check_ip')} />
                <NumberField label="Порт" integer {...field('health_check_port')} />
              </SimpleGrid>
            )}
            <SelectField label="Период" options={PERIOD_TYPES} {...choice('period_type', 'current')} />
            {values.period_type === 'selected' && (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <DateField label="С даты" {...field('period_begin')} />
                <DateField label="По дату" {...field('period_end')} />
              </SimpleGrid>
            )}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <SelectField label="Формат отображения энергии" options={ENERGY_FORMATS} {...choice('energy_format', 'kvch')} />
              <SelectField label="Вид энергии" options={ENERGY_TYPES} {...choice('energy_type', 'straight')} />
            </SimpleGrid>
            <Stack gap="2">
              <Check label="Реактивная энергия" {...field('reactive_energy')} disabled={!straight} />
              <Check label="Показывать небаланс" {...field('show_lost')} disabled={!straight} />
            </Stack>
            <NumberField label={T.allowedImbalance} {...field('allowed_imbalance')} helper={T.allowedImbalanceHelp} />
            <SelectField label="Округление" options={ROUNDINGS} {...choice('round_val', 'roundWith2')} />
            <Box>
              <Text fontSize="sm" fontWeight="medium" mb="2" id="lost-color-label">
                Цвет потерь
              </Text>
              <HStack gap="2" wrap="wrap" role="group" aria-labelledby="lost-color-label">
                {COLOR_SWATCHES.map((color) => (
                  <Button
                    key={color}
                    type="button"
                    size="sm"
                    minW="8"
                    p="0"
                    bg={color}
                    aria-label={`Цвет ${color}`}
                    aria-pressed={values.lost_color === color}
                    borderWidth="3px"
                    borderColor={values.lost_color === color ? 'fg' : 'transparent'}
                    onClick={() => set('lost_color', color)}
                  />
                ))}
              </HStack>
            </Box>
            {canChange && (
              <HStack justify="space-between" wrap="wrap" gap="3">
                <FormActions dirty={form.dirty} submitting={form.submitting} onCancel={() => void cancel()} showNoChanges />
                <Button type="button" variant="outline" colorPalette="red" onClick={() => void remove()}>
                  <Trash2 size={16} aria-hidden /> Удалить объект
                </Button>
              </HStack>
            )}
          </Stack>
        </fieldset>
      </Box>
      <MarketAreaForm representId={represent.represent_id} canChange={canChange} />
    </Stack>
  )
}
