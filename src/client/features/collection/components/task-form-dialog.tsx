import { Box, Button, Checkbox, HStack, List, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { TASK_PRESETS, TASK_VALUE_MAX_DIGITS } from '../../../../shared/constants'
import { CLOCK_CORRECTION_THRESHOLD_S } from '../../../../shared/meter-clock'
import { T } from '../../../../shared/texts'
import { taskInput, type CounterTask, type TaskInterval } from '../../../../shared/schemas/collection'
import { CheckboxList } from '../../../components/ui/checkbox-list'
import { DateTimeField } from '../../../components/ui/date-field'
import { withEmptySelects } from '../../../components/ui/empty-selects'
import { NumberField, SelectField, TextField } from '../../../components/ui/fields'
import { FormDialog } from '../../../components/ui/form-dialog'
import { notify } from '../../../components/ui/notify'
import { useForm } from '../../../components/ui/use-form'
import { parametersQueryOptions, serversQueryOptions, useSaveTask } from '../api/collection'

const INTERVALS: { value: TaskInterval; label: string }[] = [
  { value: 'minutes', label: 'Минуты' },
  { value: 'hours', label: 'Часы' },
  { value: 'days', label: 'Дни' },
  { value: 'once', label: 'Однократно' },
  { value: 'cron', label: 'По расписанию (cron)' },
]
const PRESET_LABELS: Record<(typeof TASK_PRESETS)[number], string> = {
  '*/30 * * * *': 'Каждые 30 минут',
  '0 * * * *': 'Каждый час',
  '0 0 * * *': 'Раз в сутки в 00:00',
}

// An empty server select («—») reads as not chosen: «Выберите сервер сбора данных», not a number's message.
const schema = withEmptySelects(taskInput, ['data_collecting_server_id'])

type Props = { counterId: number; task: CounterTask | null; open: boolean; onClose: () => void }

/**
 * Create or edit a counter task: frequency (or a preset), parameter groups, what will be collected, the collecting
 * server. Saved, it says so and the task lists refresh.
 */
export function TaskFormDialog({ counterId, task, open, onClose }: Props) {
  const servers = useQuery({ ...serversQueryOptions, enabled: open })
  const parameters = useQuery({ ...parametersQueryOptions(counterId), enabled: open })
  const form = useForm(schema, {
    counter_id: counterId,
    interval: task?.interval ?? 'minutes',
    value: task?.value ?? '',
    task_group: task?.task_groups ?? ([] as number[]),
    data_collecting_server_id: task?.data_collecting_server_id ?? null,
    clock_correction: task?.clock_correction ?? false,
  })
  const { values, set, field } = form
  const onlyServer = servers.data?.results.length === 1 ? servers.data.results[0]!.data_collecting_server_id : null
  // Most sites have one collecting server: a new task gets it in advance.
  useEffect(() => {
    if (!task && onlyServer !== null && values.data_collecting_server_id === null) form.preset('data_collecting_server_id', onlyServer)
  }, [onlyServer]) // eslint-disable-line react-hooks/exhaustive-deps
  const groups = [...new Map((parameters.data ?? []).filter((p) => p.task_group_id !== null).map((p) => [p.task_group_id!, p.parameter_group])).entries()]
  const collected = (parameters.data ?? []).filter((p) => p.is_selected && p.task_group_id !== null && values.task_group.includes(p.task_group_id))

  const setInterval = (interval: TaskInterval | null) => {
    set('interval', interval ?? 'minutes')
    set('value', '')
  }
  const saveTask = useSaveTask()
  const save = form.submit(async (input) => {
    await saveTask.mutateAsync({ task, body: input })
    notify.success(task ? T.saved : T.taskAdded)
    onClose()
  })

  return (
    <FormDialog
      dirty={form.dirty}
      open={open}
      onClose={onClose}
      title={task ? 'Изменение задания' : 'Новое задание'}
      onSubmit={(e) => void save(e)}
      submitting={form.submitting}
      width="800px"
    >
      <Box>
        <Text fontWeight="medium" mb="2">
          Быстрый выбор
        </Text>
        <HStack gap="2" wrap="wrap">
          {TASK_PRESETS.map((preset) => (
            <Button
              key={preset}
              size="sm"
              variant={values.interval === 'cron' && values.value === preset ? 'solid' : 'outline'}
              onClick={() => {
                set('interval', 'cron')
                set('value', preset)
              }}
            >
              {PRESET_LABELS[preset]}
            </Button>
          ))}
        </HStack>
      </Box>
      <SelectField label="Периодичность" required options={INTERVALS} {...field('interval')} onChange={setInterval} />
      {values.interval === 'once' ? (
        <DateTimeField dateLabel="Дата запуска" timeLabel="Время запуска" required {...field('value')} />
      ) : values.interval === 'cron' ? (
        <TextField label="Выражение cron" required {...field('value')} placeholder="*/30 * * * *" />
      ) : (
        <NumberField label="Каждые" required integer maxLength={TASK_VALUE_MAX_DIGITS} {...field('value')} />
      )}
      <CheckboxList
        legend="Группы параметров"
        options={groups.map(([value, label]) => ({ value, label }))}
        {...field('task_group')}
        emptyText={parameters.isPending ? T.loadingDots : T.modelWithoutParameters}
      />
      <Box>
        <Text fontWeight="medium" mb="1">
          Будут собраны параметры
        </Text>
        {collected.length === 0 ? (
          <Text color="fg.muted">—</Text>
        ) : (
          <List.Root ps="5" fontSize="sm" aria-label="Будут собраны параметры">
            {collected.map((p) => (
              <List.Item key={p.parameter_id}>{p.parameter_name}</List.Item>
            ))}
          </List.Root>
        )}
      </Box>
      <SelectField
        label="Сервер сбора данных"
        required
        options={(servers.data?.results ?? []).map((s) => ({ value: s.data_collecting_server_id, label: s.name }))}
        {...field('data_collecting_server_id')}
      />
      <Checkbox.Root checked={values.clock_correction === true} onCheckedChange={(e) => set('clock_correction', e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{T.clockCorrectionOption(CLOCK_CORRECTION_THRESHOLD_S)}</Checkbox.Label>
      </Checkbox.Root>
    </FormDialog>
  )
}
