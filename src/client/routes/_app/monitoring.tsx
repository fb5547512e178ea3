import { Badge, Box, Button, Checkbox, Fieldset, HStack, Stack, Text, Wrap } from '@chakra-ui/react'
import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { Eye, EyeOff } from 'lucide-react'
import { MONITORING_INTERACTIONS_OPTIONS, MONITORING_REFRESH_OPTIONS, MONITORING_STATUSES } from '../../../shared/constants'
import type { MonitoringStatus } from '../../../shared/schemas/collection'
import { T } from '../../../shared/texts'
import { DataTable } from '../../components/ui/data-table'
import { SelectField } from '../../components/ui/fields'
import { PageHeader } from '../../components/ui/page-header'
import { LoadError } from '../../components/ui/load-error'
import { monitoringQueryOptions } from '../../features/collection/api/collection'
import { effectiveInteractions, effectiveRefreshSeconds, useMonitoringSettings } from '../../features/collection/components/monitoring-settings'
import { scheduleText } from '../../features/collection/components/tasks-table'
import { DriftingMeters } from '../../features/collection/components/drifting-meters'
import { RefreshSecondsField } from '../../features/collection/components/refresh-seconds-field'
import { LastPolls } from '../../features/collection/components/last-polls'

export const Route = createFileRoute('/_app/monitoring')({
  component: MonitoringPage,
})

const STATUS_LABEL: Record<MonitoringStatus, string> = {
  PAUSED_FAILED: 'Приостановлено из-за ошибок',
  UNSTABLE: 'Нестабильно',
  STOPPED_FAILED: 'Остановлено из-за ошибок',
}
const STATUS_COLOR: Record<MonitoringStatus, string> = { PAUSED_FAILED: 'yellow', UNSTABLE: 'orange', STOPPED_FAILED: 'red' }

function MonitoringPage() {
  const { settings, update, isHidden, hide, restore } = useMonitoringSettings()
  const refreshMs = settings.refreshSeconds > 0 ? settings.refreshSeconds * 1000 : false
  const query = useQuery(monitoringQueryOptions(settings.interactions, settings.statuses, refreshMs))
  const rows = query.data ?? []
  const visible = rows.filter((t) => !isHidden(t.counter_task_id))
  const hidden = rows.filter((t) => isHidden(t.counter_task_id))
  const toggleStatus = (status: MonitoringStatus, on: boolean) =>
    update({ statuses: on ? [...settings.statuses, status] : settings.statuses.filter((s) => s !== status) })

  return (
    <>
      <PageHeader title="Мониторинг" />
      {/* Lined up by their labels, not their bottoms: the typed period's help text below it would lift its input. */}
      <Wrap gap="6" mb="4" align="flex-start">
        <Fieldset.Root width="auto">
          <Fieldset.Legend>Статус</Fieldset.Legend>
          <HStack gap="4" wrap="wrap">
            {MONITORING_STATUSES.map((status) => (
              <Checkbox.Root key={status} checked={settings.statuses.includes(status)} onCheckedChange={(e) => toggleStatus(status, e.checked === true)}>
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{STATUS_LABEL[status]}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
        </Fieldset.Root>
        <Box w="44">
          <SelectField
            label="Последних опросов"
            value={(MONITORING_INTERACTIONS_OPTIONS as readonly number[]).includes(settings.interactions) ? settings.interactions : null}
            options={MONITORING_INTERACTIONS_OPTIONS.map((n) => ({ value: n, label: String(n) }))}
            placeholder={String(settings.interactions)}
            onChange={(n) => n !== null && update({ interactions: effectiveInteractions(n) })}
          />
        </Box>
        <Box w="44">
          <SelectField
            label="Обновление, с"
            value={settings.refreshSeconds}
            options={[...new Set([...MONITORING_REFRESH_OPTIONS, settings.refreshSeconds])].map((n) => ({
              value: n,
              label: n === 0 ? 'Выключено' : String(n),
            }))}
            onChange={(n) => update({ refreshSeconds: effectiveRefreshSeconds(n ?? 0) })}
          />
        </Box>
        <Box w="44">
          <RefreshSecondsField value={settings.refreshSeconds} onChange={(refreshSeconds) => update({ refreshSeconds })} />
        </Box>
      </Wrap>
      {query.isError ? (
        <LoadError error={query.error} title={T.monitoringLoadFailed} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable
          label="Задания с ошибками"
          columns={[
            { key: 'status', header: 'Статус', render: (t) => <Badge colorPalette={STATUS_COLOR[t.status]}>{STATUS_LABEL[t.status]}</Badge> },
            { key: 'counter', header: 'Счётчик', render: (t) => `${t.counter_num} (${t.counter_model})` },
            { key: 'point', header: 'Точка учёта', render: (t) => t.point_name ?? '—', hideBelow: 'md' },
            { key: 'schedule', header: 'Расписание', render: (t) => scheduleText(t), hideBelow: 'lg' },
            { key: 'last', header: 'Последние опросы', render: (t) => <LastPolls task={t} /> },
            { key: 'error', header: 'Ошибка', render: (t) => <Text fontSize="sm">{t.last_error || '—'}</Text>, hideBelow: 'md' },
          ]}
          rows={visible}
          rowKey={(t) => t.counter_task_id}
          loading={query.isPending || query.isFetching}
          emptyText={T.noFailedTasks}
          actions={(t) => (
            <Button size="xs" variant="ghost" onClick={() => hide(t.counter_task_id)} aria-label={`Скрыть задание ${t.counter_task_id} на час`}>
              <EyeOff size={14} aria-hidden /> Скрыть на час
            </Button>
          )}
        />
      )}
      {hidden.length > 0 && (
        <Stack mt="4" gap="2">
          <Text fontWeight="medium">Скрытые задания</Text>
          {hidden.map((t) => (
            <HStack key={t.counter_task_id} gap="3">
              <Text>
                {t.counter_num} — {t.point_name ?? '—'}
              </Text>
              <Button size="xs" variant="outline" onClick={() => restore(t.counter_task_id)}>
                <Eye size={14} aria-hidden /> Вернуть
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
      <DriftingMeters refreshMs={refreshMs} />
    </>
  )
}
