import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { Box, Button, DataList, Dialog, Heading, HStack, RadioGroup, Stack, Text } from '@chakra-ui/react'
import { Modal } from '../../../components/ui/modal'
import { DateField } from '../../../components/ui/date-field'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { CircleCheck } from 'lucide-react'
import * as v from 'valibot'
import { CONN_SOURCE_PARAM, createAndInstall, updateAndInstall, visibleConnParams, type ConnParamValues } from '../../../../shared/schemas/counters'
import { T } from '../../../../shared/texts'
import { NumberField, SelectField, TextField } from '../../../components/ui/fields'
import { SearchInput } from '../../../components/ui/search-input'
import { focusFirstInvalid } from '../../../components/ui/use-form'
import { notify } from '../../../components/ui/notify'
import { ApiError } from '../../../lib/api-client'
import { formatDate, isoDate } from '../../../lib/format'
import { dataSourcesQueryOptions, modelApiQueryOptions, modelsQueryOptions } from '../../references/api/references'
import { availableForInstallQueryOptions, modelConnParamsQueryOptions, useInstallCounter } from '../api/counters'
import { changedConnParams, ConnParamFields, connParamProblems, sourceOf } from './conn-param-fields'
import { fieldMessages } from './issues'
import { WizardSteps } from './wizard-steps'

/**
 * The three content steps of metering.md, then two the header shows as well: 'Проверка' (what will be sent, with
 * the way back to each step) and 'Готово' (the server accepted it).
 */
const INSTALL_STEPS = ['Модель', 'Параметры подключения', 'Параметры счётчика', 'Проверка', 'Готово'] as const
const MODEL = 0
const CONNECTION = 1
const METER = 2
const REVIEW = 3
const DONE = 4

/** `counter_serial`: the existing meter's number, kept so that a later search not finding it still shows it. */
type Meter = {
  kind: 'new' | 'existing'
  serial_num: string
  counter_id: number | null
  counter_serial: string
  coeff: string
  coeff_voltage: string
  operation_date: string
}
const newMeter = (): Meter => ({
  kind: 'new',
  serial_num: '',
  counter_id: null,
  counter_serial: '',
  coeff: '1',
  coeff_voltage: '1',
  operation_date: isoDate(new Date()),
})

/** Which step an error (of the form's check or of the server's 400) belongs to, so the wizard can go back to it. */
const stepOfField = (field: string) => (field === 'model_id' ? MODEL : field === 'conn_params' || field.startsWith('conn_params.') ? CONNECTION : METER)
const METER_FIELDS = ['serial_num', 'counter_id', 'coeff', 'coeff_voltage', 'operation_date']

/**
 * The install wizard: model, then data source and connection parameters, then a new meter or one from
 * `available_for_install`; then a read-only check of all that with 'Установить', and the server's acceptance.
 * Steps already passed stay editable until the meter is installed. The meters and the point's installations refresh
 * by themselves; `onDone` hears of the installation.
 */
export function InstallWizard({ pointId, open, onClose, onDone }: { pointId: number; open: boolean; onClose: () => void; onDone?: () => void }) {
  const [step, setStep] = useState(MODEL)
  const [reached, setReached] = useState(MODEL)
  const [modelId, setModelId] = useState<number | null>(null)
  const [conn, setConn] = useState<ConnParamValues | null>(null)
  const [meter, setMeter] = useState<Meter>(newMeter)
  // The serial number searched among the existing meters (SearchInput reports it once the typing pauses).
  const [meterSearch, setMeterSearch] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  // Bumped to move the focus after the step changes: to the first faulty field, or to 'Закрыть' when done.
  const [focusTick, setFocusTick] = useState(0)
  const formRef = useRef<HTMLFormElement>(null)
  const closeRef = useRef<HTMLButtonElement>(null)

  const models = useQuery({ ...modelsQueryOptions(null, null), enabled: open })
  const model = models.data?.results.find((m) => m.model_id === modelId) ?? null
  const params = useQuery(modelConnParamsQueryOptions(model?.counter_model_api ?? null))
  const modelApi = useQuery({ ...modelApiQueryOptions(model?.counter_model_api ?? 0), enabled: model !== null })
  const sources = useQuery({ ...dataSourcesQueryOptions, enabled: open })
  const installCounter = useInstallCounter()
  const saving = installCounter.isPending
  const available = useInfiniteQuery({
    ...availableForInstallQueryOptions(modelId, meterSearch),
    enabled: open && modelId !== null && meter.kind === 'existing',
  })
  const availableMeters = useMemo(() => available.data?.pages.flatMap((page) => page.results) ?? [], [available.data])
  const availableTotal = available.data?.pages.at(-1)?.count ?? 0
  // The chosen meter stays among the options even when the current search does not find it.
  const meterOptions = [
    ...(meter.counter_id !== null && !availableMeters.some((c) => c.counter_id === meter.counter_id)
      ? [{ value: meter.counter_id, label: meter.counter_serial }]
      : []),
    ...availableMeters.map((c) => ({ value: c.counter_id, label: c.serial_num })),
  ]
  const defaults = useMemo(() => Object.fromEntries((params.data ?? []).map((p) => [p.par_name, p.default_value])), [params.data])
  const connValues = conn ?? defaults

  useEffect(() => {
    if (focusTick === 0) return
    if (step === DONE) closeRef.current?.focus()
    else focusFirstInvalid(formRef.current)
  }, [focusTick, step])

  // Whatever was chosen or typed is lost on close: a model, or a step beyond the first reached.
  const dirty = step !== DONE && (modelId !== null || reached > MODEL)
  const close = () => {
    if (saving) return // the answer decides between the step of a faulty field and 'Готово'
    setStep(MODEL)
    setReached(MODEL)
    setModelId(null)
    setConn(null)
    setMeter(newMeter())
    setMeterSearch('')
    setErrors({})
    onClose()
  }
  const go = (next: number) => {
    setStep(next)
    setReached((r) => Math.max(r, next))
  }
  const setMeterField = <K extends keyof Meter>(name: K, value: Meter[K]) => setMeter((m) => ({ ...m, [name]: value }))
  /** A typed field of the meter step, in the shape of `useForm`'s `field(name)`. */
  const meterField = (name: 'serial_num' | 'coeff' | 'coeff_voltage' | 'operation_date') => ({
    value: meter[name],
    onChange: (value: string) => setMeterField(name, value),
    error: errors[name],
  })

  const body = () => {
    const common = {
      point_id: pointId,
      operation_date: meter.operation_date,
      conn_params: changedConnParams(connValues, defaults),
      coeff: meter.coeff,
      coeff_voltage: meter.coeff_voltage,
    }
    return meter.kind === 'new'
      ? v.safeParse(createAndInstall, { ...common, serial_num: meter.serial_num, model_id: modelId })
      : v.safeParse(updateAndInstall, common)
  }

  /** The form's own check of every step up to `last`. */
  const problems = (last: number): Record<string, string> => {
    const found: Record<string, string> = {}
    if (modelId === null) found.model_id = T.required
    if (last >= CONNECTION) Object.assign(found, connParamProblems(params.data ?? [], connValues, modelApi.data?.driver))
    if (last >= METER) {
      const parsed = body()
      if (!parsed.success) for (const [key, message] of Object.entries(fieldMessages(parsed.issues))) found[key] ??= message
      if (meter.kind === 'existing' && meter.counter_id === null) found.counter_id = T.required
    }
    return found
  }

  /** Shows the messages on the step of the first faulty field and puts the focus on that field. */
  const showErrors = (found: Record<string, string>) => {
    setErrors(found)
    const keys = Object.keys(found)
    if (keys.length === 0) return
    setStep(Math.min(...keys.map(stepOfField)))
    setFocusTick((t) => t + 1)
  }

  const install = async () => {
    const found = problems(METER)
    const parsed = body()
    if (Object.keys(found).length > 0 || !parsed.success) return showErrors(found)
    try {
      await installCounter.mutateAsync(
        meter.kind === 'new'
          ? { counterId: null, body: parsed.output as v.InferOutput<typeof createAndInstall> }
          : { counterId: meter.counter_id!, body: parsed.output as v.InferOutput<typeof updateAndInstall> },
      )
      setErrors({})
      go(DONE)
      setFocusTick((t) => t + 1)
      onDone?.()
    } catch (error) {
      const fields = error instanceof ApiError ? Object.fromEntries(Object.entries(error.fields).map(([k, m]) => [k, m[0] ?? ''])) : {}
      if (Object.keys(fields).length > 0) showErrors(fields)
      else notify.error(error, T.notSavedOffline)
    }
  }

  const next = () => {
    if (step === DONE) return
    if (step === REVIEW) return void install()
    const found = problems(step)
    if (Object.keys(found).length > 0) return showErrors(found)
    setErrors({})
    go(step + 1)
  }

  /** Messages of fields the step shows no input for (the point, an unknown parameter), so that none is lost. */
  const strayErrors = (stepIndex: number, shown: string[]) =>
    Object.entries(errors)
      .filter(([key]) => stepOfField(key) === stepIndex && !shown.includes(key))
      .map(([key, message]) => (
        <Text key={key} color="fg.error" fontSize="sm">
          {message}
        </Text>
      ))
  const shownConnKeys = [CONN_SOURCE_PARAM, ...visibleConnParams(params.data ?? [], sourceOf(connValues)).map((p) => p.par_name)].map(
    (name) => `conn_params.${name}`,
  )
  const shownMeterKeys = METER_FIELDS.filter((key) => key !== (meter.kind === 'new' ? 'counter_id' : 'serial_num'))

  return (
    <Modal open={open} onClose={close} width="800px" dirty={dirty}>
      <form
        ref={formRef}
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
          <WizardSteps
            label="Шаги установки"
            steps={INSTALL_STEPS}
            current={step}
            reached={reached}
            locked={saving || step === DONE}
            onSelect={(index) => {
              setErrors({})
              setStep(index)
            }}
          />
          <Stack gap="4">
            {step === MODEL && (
              <SelectField
                label="Модель счётчика"
                required
                value={modelId}
                options={(models.data?.results ?? []).map((m) => ({ value: m.model_id, label: `${m.name} (${m.counter_model_api_name})` }))}
                onChange={(x) => {
                  if (x === modelId) return
                  setModelId(x)
                  setConn(null)
                  setMeter((m) => ({ ...m, counter_id: null, counter_serial: '' }))
                  setMeterSearch('')
                  // Another model means other connection parameters and other meters: pass the steps again.
                  setReached(MODEL)
                }}
                error={errors.model_id}
                emptyText={models.isError ? T.loadFailed : T.noModels}
              />
            )}
            {step === CONNECTION && (
              <>
                <ConnParamFields
                  params={params.data ?? []}
                  values={connValues}
                  errors={errors}
                  sources={(sources.data?.results ?? []).map((s) => s.name)}
                  onChange={setConn}
                />
                {strayErrors(CONNECTION, shownConnKeys)}
              </>
            )}
            {step === METER && (
              <>
                <RadioGroup.Root
                  value={meter.kind}
                  onValueChange={(e) => setMeterField('kind', e.value as Meter['kind'])}
                  aria-label="Новый или существующий счётчик"
                >
                  <HStack gap="6" wrap="wrap">
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
                  <TextField label="Серийный номер" required {...meterField('serial_num')} maxLength={50} />
                ) : (
                  <Stack gap="2">
                    <SearchInput label="Поиск счётчика по серийному номеру" placeholder="Серийный номер" value={meterSearch} onChange={setMeterSearch} />
                    <SelectField
                      label="Счётчик"
                      required
                      value={meter.counter_id}
                      options={meterOptions}
                      onChange={(x) => setMeter((m) => ({ ...m, counter_id: x, counter_serial: meterOptions.find((o) => o.value === x)?.label ?? '' }))}
                      error={errors.counter_id}
                    />
                    {availableMeters.length === 0 && !available.isFetching && (
                      <Text fontSize="sm" color={available.isError ? 'fg.error' : 'fg.muted'} aria-live="polite">
                        {available.isError ? T.loadFailed : meterSearch ? T.noMetersFound : T.noMetersToInstall}
                      </Text>
                    )}
                    {availableMeters.length > 0 && (
                      <HStack gap="3" wrap="wrap">
                        <Text fontSize="sm" color="fg.muted" aria-live="polite">
                          {T.shownOf(availableMeters.length, availableTotal)}
                        </Text>
                        {available.hasNextPage && (
                          <Button
                            type="button"
                            size="sm"
                            variant="outline"
                            loading={available.isFetchingNextPage}
                            onClick={() => void available.fetchNextPage()}
                          >
                            {T.showMore}
                          </Button>
                        )}
                      </HStack>
                    )}
                  </Stack>
                )}
                <NumberField label="Коэффициент трансформации тока" required {...meterField('coeff')} />
                <NumberField label="Коэффициент трансформации напряжения" required {...meterField('coeff_voltage')} />
                <DateField label="Дата установки" required {...meterField('operation_date')} />
                {strayErrors(METER, shownMeterKeys)}
              </>
            )}
            {step === REVIEW && (
              <>
                <Text>Проверьте, что будет сделано, и нажмите «Установить».</Text>
                <ReviewSection title={INSTALL_STEPS[MODEL]} onEdit={() => setStep(MODEL)}>
                  <Summary
                    label="Выбранная модель"
                    items={[
                      ['Модель', model?.name],
                      ['Группа моделей', model?.counter_model_api_name],
                    ]}
                  />
                </ReviewSection>
                <ReviewSection title={INSTALL_STEPS[CONNECTION]} onEdit={() => setStep(CONNECTION)}>
                  <Summary
                    label="Источник данных и параметры подключения"
                    items={[
                      ['Источник данных', sourceOf(connValues)],
                      ...visibleConnParams(params.data ?? [], sourceOf(connValues))
                        .filter((p) => connValues[p.par_name]?.trim())
                        .map((p): [string, string] => [p.description, p.par_name === 'password' ? 'задан' : connValues[p.par_name]!]),
                    ]}
                  />
                </ReviewSection>
                <ReviewSection title={INSTALL_STEPS[METER]} onEdit={() => setStep(METER)}>
                  <Summary
                    label="Устанавливаемый счётчик"
                    items={[
                      ['Счётчик', meter.kind === 'new' ? 'Новый' : 'Существующий, без точки учёта'],
                      ['Серийный номер', meter.kind === 'new' ? meter.serial_num : meter.counter_serial],
                      ['Коэффициент трансформации тока', meter.coeff],
                      ['Коэффициент трансформации напряжения', meter.coeff_voltage],
                      ['Дата установки', formatDate(meter.operation_date)],
                    ]}
                  />
                </ReviewSection>
              </>
            )}
            {step === DONE && (
              <Stack align="center" textAlign="center" gap="2" py="6">
                <Box color="fg.success">
                  <CircleCheck size={40} aria-hidden />
                </Box>
                <Text role="status" fontSize="lg" fontWeight="semibold">
                  {T.counterAdded}
                </Text>
              </Stack>
            )}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          {step === DONE ? (
            <Button ref={closeRef} type="button" colorPalette="blue" onClick={close}>
              Закрыть
            </Button>
          ) : (
            <>
              <Dialog.ActionTrigger asChild>
                <Button type="button" variant="outline" disabled={saving}>
                  {T.cancel}
                </Button>
              </Dialog.ActionTrigger>
              {step > MODEL && (
                <Button type="button" variant="outline" onClick={() => setStep(step - 1)} disabled={saving}>
                  Назад
                </Button>
              )}
              <Button type="submit" colorPalette="blue" loading={saving}>
                {step === REVIEW ? 'Установить' : 'Далее'}
              </Button>
            </>
          )}
        </Dialog.Footer>
      </form>
    </Modal>
  )
}

/** One part of the check step: a heading, what was chosen, and the way back to the step that holds it. */
function ReviewSection({ title, onEdit, children }: { title: string; onEdit: () => void; children: ReactNode }) {
  return (
    <Box as="section" borderWidth="1px" borderRadius="md" p="3" aria-label={title}>
      <HStack justify="space-between" mb="2" gap="2" wrap="wrap">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
        <Button type="button" size="xs" variant="outline" onClick={onEdit} aria-label={`Изменить: ${title}`}>
          Изменить
        </Button>
      </HStack>
      {children}
    </Box>
  )
}

function Summary({ label, items }: { label: string; items: [string, string | null | undefined][] }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" aria-label={label}>
      {items.map(([name, value]) => (
        <DataList.Item key={name}>
          <DataList.ItemLabel minW={{ base: '32', md: '64' }}>{name}</DataList.ItemLabel>
          <DataList.ItemValue wordBreak="break-word">{value || '—'}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  )
}
