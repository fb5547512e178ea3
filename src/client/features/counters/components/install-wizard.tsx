import { useMemo, useState } from 'react'
import { Button, CloseButton, Dialog, HStack, Portal, RadioGroup, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import * as v from 'valibot'
import { createAndInstall, updateAndInstall, type ConnParamValues } from '../../../../shared/schemas/counters'
import { T } from '../../../../shared/texts'
import { SelectField, TextField } from '../../../components/ui/fields'
import { notify } from '../../../components/ui/notify'
import { ApiError } from '../../../lib/api-client'
import { isoDate } from '../../../lib/format'
import { dataSourcesQueryOptions, modelsQueryOptions } from '../../references/api/references'
import { availableForInstallQueryOptions, createAndInstall as sendCreate, modelConnParamsQueryOptions, updateAndInstall as sendUpdate } from '../api/counters'
import { changedConnParams, ConnParamFields, missingConnParams } from './conn-param-fields'
import { fieldMessages } from './issues'

const STEPS = ['Модель', 'Параметры подключения', 'Параметры счётчика'] as const

type Meter = { kind: 'new' | 'existing'; serial_num: string; counter_id: number | null; coeff: string; coeff_voltage: string; operation_date: string }

/** Which step an error of the server's 400 belongs to, so the wizard can go back to it. */
const stepOfField = (field: string) => (field === 'model_id' ? 0 : field.startsWith('conn_params') ? 1 : 2)

/**
 * The install wizard: model, then data source and connection parameters, then a new meter or one from
 * `available_for_install`. Steps already passed stay editable.
 */
export function InstallWizard({ pointId, open, onClose, onDone }: { pointId: number; open: boolean; onClose: () => void; onDone: () => void }) {
  const [step, setStep] = useState(0)
  const [reached, setReached] = useState(0)
  const [modelId, setModelId] = useState<number | null>(null)
  const [conn, setConn] = useState<ConnParamValues | null>(null)
  const [meter, setMeter] = useState<Meter>(() => ({ kind: 'new', serial_num: '', counter_id: null, coeff: '1', coeff_voltage: '1', operation_date: isoDate(new Date()) }))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [saving, setSaving] = useState(false)

  const models = useQuery({ ...modelsQueryOptions(null, null), enabled: open })
  const model = models.data?.results.find((m) => m.model_id === modelId) ?? null
  const params = useQuery(modelConnParamsQueryOptions(model?.counter_model_api ?? null))
  const sources = useQuery({ ...dataSourcesQueryOptions, enabled: open })
  const available = useQuery({ ...availableForInstallQueryOptions(modelId, ''), enabled: open && modelId !== null && meter.kind === 'existing' })
  const defaults = useMemo(() => Object.fromEntries((params.data ?? []).map((p) => [p.par_name, p.default_value])), [params.data])
  const connValues = conn ?? defaults

  const close = () => {
    setStep(0)
    setReached(0)
    setModelId(null)
    setConn(null)
    setErrors({})
    onClose()
  }
  const go = (next: number) => {
    setStep(next)
    setReached((r) => Math.max(r, next))
  }
  const setMeterField = <K extends keyof Meter>(name: K, value: Meter[K]) => setMeter((m) => ({ ...m, [name]: value }))

  const checkStep = (): boolean => {
    let found: Record<string, string> = {}
    if (step === 0 && modelId === null) found = { model_id: T.required }
    if (step === 1) found = missingConnParams(params.data ?? [], connValues)
    setErrors(found)
    return Object.keys(found).length === 0
  }

  const body = () => {
    const common = { point_id: pointId, operation_date: meter.operation_date, conn_params: changedConnParams(connValues, defaults), coeff: meter.coeff, coeff_voltage: meter.coeff_voltage }
    return meter.kind === 'new'
      ? v.safeParse(createAndInstall, { ...common, serial_num: meter.serial_num, model_id: modelId })
      : v.safeParse(updateAndInstall, common)
  }

  const finish = async () => {
    const parsed = body()
    const found = parsed.success ? {} : fieldMessages(parsed.issues)
    if (meter.kind === 'existing' && meter.counter_id === null) found.counter_id = T.required
    setErrors(found)
    if (!parsed.success || Object.keys(found).length > 0) return
    setSaving(true)
    try {
      if (meter.kind === 'new') await sendCreate(parsed.output as v.InferOutput<typeof createAndInstall>)
      else await sendUpdate(meter.counter_id!, parsed.output as v.InferOutput<typeof updateAndInstall>)
      notify.success(T.counterAdded)
      onDone()
      close()
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        const fields = Object.fromEntries(Object.entries(error.fields).map(([k, m]) => [k, m[0] ?? '']))
        setErrors(fields)
        setStep(Math.min(...Object.keys(fields).map(stepOfField)))
      } else notify.error(error)
    } finally {
      setSaving(false)
    }
  }

  const next = () => {
    if (!checkStep()) return
    if (step < STEPS.length - 1) go(step + 1)
    else void finish()
  }

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && close()} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content maxW={{ base: 'calc(100vw - 1rem)', md: '800px' }} width="full">
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault()
                next()
              }}
            >
              <Dialog.Header>
                <Dialog.Title>Установка счётчика</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <HStack as="ol" gap="2" mb="5" wrap="wrap" aria-label="Шаги установки">
                  {STEPS.map((title, index) => (
                    <li key={title} style={{ listStyle: 'none' }}>
                      <Button
                        size="sm"
                        variant={index === step ? 'solid' : 'outline'}
                        colorPalette="blue"
                        disabled={index > reached}
                        aria-current={index === step ? 'step' : undefined}
                        onClick={() => setStep(index)}
                      >
                        {index + 1}. {title}
                      </Button>
                    </li>
                  ))}
                </HStack>
                <Stack gap="4">
                  {step === 0 && (
                    <SelectField
                      label="Модель счётчика"
                      required
                      value={modelId}
                      options={(models.data?.results ?? []).map((m) => ({ value: m.model_id, label: `${m.name} (${m.counter_model_api_name})` }))}
                      onChange={(x) => {
                        setModelId(x)
                        setConn(null)
                        setMeterField('counter_id', null)
                      }}
                      error={errors.model_id}
                      emptyText={models.isError ? T.loadFailed : T.noModels}
                    />
                  )}
                  {step === 1 && (
                    <ConnParamFields params={params.data ?? []} values={connValues} errors={errors} sources={(sources.data?.results ?? []).map((s) => s.name)} onChange={setConn} />
                  )}
                  {step === 2 && (
                    <>
                      <RadioGroup.Root value={meter.kind} onValueChange={(e) => setMeterField('kind', e.value as Meter['kind'])}>
                        <HStack gap="6">
                          {(['new', 'existing'] as const).map((kind) => (
                            <RadioGroup.Item key={kind} value={kind}>
                              <RadioGroup.ItemHiddenInput />
                              <RadioGroup.ItemIndicator />
                              <RadioGroup.ItemText>{kind === 'new' ? 'Новый счётчик' : 'Существующий счётчик'}</RadioGroup.ItemText>
                            </RadioGroup.Item>
                          ))}
                        </HStack>
                      </RadioGroup.Root>
                      {meter.kind === 'new' ? (
                        <TextField label="Серийный номер" required value={meter.serial_num} onChange={(x) => setMeterField('serial_num', x)} error={errors.serial_num} maxLength={50} />
                      ) : (
                        <SelectField
                          label="Счётчик"
                          required
                          value={meter.counter_id}
                          options={(available.data?.results ?? []).map((c) => ({ value: c.counter_id, label: c.serial_num }))}
                          onChange={(x) => setMeterField('counter_id', x)}
                          error={errors.counter_id}
                          emptyText={T.empty}
                        />
                      )}
                      <TextField label="Коэффициент трансформации тока" required inputMode="decimal" value={meter.coeff} onChange={(x) => setMeterField('coeff', x)} error={errors.coeff} />
                      <TextField label="Коэффициент трансформации напряжения" required inputMode="decimal" value={meter.coeff_voltage} onChange={(x) => setMeterField('coeff_voltage', x)} error={errors.coeff_voltage} />
                      <TextField label="Дата установки" type="date" required value={meter.operation_date} onChange={(x) => setMeterField('operation_date', x)} error={errors.operation_date} />
                      {errors.point_id && <Text color="red.500">{errors.point_id}</Text>}
                    </>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="button" variant="outline" onClick={close}>
                  {T.cancel}
                </Button>
                {step > 0 && (
                  <Button type="button" variant="outline" onClick={() => setStep(step - 1)}>
                    Назад
                  </Button>
                )}
                <Button type="submit" colorPalette="blue" loading={saving}>
                  {step < STEPS.length - 1 ? 'Далее' : 'Установить'}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Закрыть" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
