import { Box, Button, Checkbox, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Trash2 } from 'lucide-react'
import { COLOR_SWATCHES } from '../../../../shared/constants'
import { ROUND_VALS, representUpdate, type Represent } from '../../../../shared/schemas/represents'
import { T } from '../../../../shared/texts'
import { useConfirm } from '../../../components/ui/confirm-dialog'
import { FormActions, SelectField, TextField } from '../../../components/ui/fields'
import { notify } from '../../../components/ui/notify'
import { useForm } from '../../../components/ui/use-form'
import { deleteRepresent, representKeys, updateRepresent } from '../api/represents'
import { MarketAreaForm } from './market-area-form'
import { DateField } from '../../../components/ui/date-field'

const ROUND_LABELS: Record<string, string> = { trunc: 'Отбросить дробную часть', round0: 'До целого' }
const roundLabel = (value: string) => ROUND_LABELS[value] ?? `${value.slice('roundWith'.length)} знак(а) после запятой`

function formOf(r: Represent) {
  return {
    name: r.name,
    remark: r.remark,
    lost_color: r.lost_color,
    check_health: r.check_health,
    health_check_ip: r.health_check_ip,
    health_check_port: r.health_check_port === null ? '' : String(r.health_check_port),
    period_type: r.period_type,
    period_begin: r.period_begin ?? '',
    period_end: r.period_end ?? '',
    energy_format: r.energy_format,
    energy_type: r.energy_type,
    reactive_energy: r.reactive_energy,
    show_lost: r.show_lost,
    round_val: r.round_val,
    allowed_imbalance: String(r.allowed_imbalance).replace('.', ','),
  }
}

function Check({ label, checked, disabled, onChange }: { label: string; checked: boolean; disabled?: boolean; onChange: (value: boolean) => void }) {
  return (
    <Checkbox.Root checked={checked} disabled={disabled} onCheckedChange={(e) => onChange(e.checked === true)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  )
}

/** Name, remark, host check, period, energy format and kind, imbalance and its allowed percent, rounding and colour of an object. */
export function SettingsTab({ represent, canChange }: { represent: Represent; canChange: boolean }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const confirm = useConfirm()
  const form = useForm(representUpdate, formOf(represent))
  const { values, errors, set } = form
  const straight = values.energy_type === 'straight'

  const onSubmit = form.submit(async () => {
    const body = {
      ...values,
      represent_id: represent.represent_id,
      period_begin: values.period_begin || null,
      period_end: values.period_end || null,
    }
    const saved = await updateRepresent(represent.represent_id, body)
    queryClient.setQueryData(representKeys.one(represent.represent_id), saved)
    form.reset(formOf(saved))
    await queryClient.invalidateQueries({ queryKey: representKeys.all })
    notify.success(T.saved)
  })

  const cancel = async () => {
    if (await confirm({ message: T.confirmDiscard, danger: false })) form.reset()
  }

  const remove = async () => {
    if (!(await confirm({ message: T.confirmDeleteObject, confirmLabel: 'Удалить' }))) return
    try {
      await deleteRepresent(represent.represent_id)
      notify.success(T.representDeleted)
      queryClient.removeQueries({ queryKey: representKeys.one(represent.represent_id) })
      await queryClient.invalidateQueries({ queryKey: representKeys.tree })
      await navigate({ to: '/' })
    } catch (error) {
      notify.error(error)
    }
  }

  return (
    <Stack gap="8">
      <Box as="form" onSubmit={onSubmit} maxW="3xl">
        <fieldset disabled={!canChange}>
          <Stack gap="4">
            <TextField label="Название" required value={values.name} error={errors.name} onChange={(v) => set('name', v)} />
            <TextField label="Примечание" multiline value={values.remark} error={errors.remark} onChange={(v) => set('remark', v)} />
            <Check label="Проверять связь с объектом" checked={values.check_health} onChange={(v) => set('check_health', v)} />
            {values.check_health && (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <TextField label="Адрес" value={values.health_check_ip} error={errors.health_check_ip} onChange={(v) => set('health_check_ip', v)} />
                <TextField
                  label="Порт"
                  inputMode="numeric"
                  value={values.health_check_port}
                  error={errors.health_check_port}
                  onChange={(v) => set('health_check_port', v)}
                />
              </SimpleGrid>
            )}
            <SelectField
              label="Период"
              value={values.period_type}
              options={[
                { value: 'current', label: 'Текущий (с начала месяца по сегодня)' },
                { value: 'selected', label: 'С даты по дату' },
              ]}
              onChange={(v) => set('period_type', v ?? 'current')}
            />
            {values.period_type === 'selected' && (
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
                <DateField label="С даты" value={values.period_begin} error={errors.period_begin} onChange={(v) => set('period_begin', v)} />
                <DateField label="По дату" value={values.period_end} error={errors.period_end} onChange={(v) => set('period_end', v)} />
              </SimpleGrid>
            )}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
              <SelectField
                label="Формат отображения энергии"
                value={values.energy_format}
                options={[
                  { value: 'kvch', label: 'кВт·ч / квар·ч' },
                  { value: 'kv', label: 'кВт / квар' },
                ]}
                onChange={(v) => set('energy_format', v ?? 'kvch')}
              />
              <SelectField
                label="Вид энергии"
                value={values.energy_type}
                options={[
                  { value: 'straight', label: 'Прямая' },
                  { value: 'reverse', label: 'Обратная' },
                ]}
                onChange={(v) => set('energy_type', v ?? 'straight')}
              />
            </SimpleGrid>
            <Stack gap="2">
              <Check label="Реактивная энергия" checked={values.reactive_energy} disabled={!straight} onChange={(v) => set('reactive_energy', v)} />
              <Check label="Показывать небаланс" checked={values.show_lost} disabled={!straight} onChange={(v) => set('show_lost', v)} />
            </Stack>
            <TextField
              label={T.allowedImbalance}
              inputMode="decimal"
              value={values.allowed_imbalance}
              error={errors.allowed_imbalance}
              helper={T.allowedImbalanceHelp}
              onChange={(v) => set('allowed_imbalance', v)}
            />
            <SelectField
              label="Округление"
              value={values.round_val}
              options={ROUND_VALS.map((r) => ({ value: r, label: roundLabel(r) }))}
              onChange={(v) => set('round_val', v ?? 'roundWith2')}
            />
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
