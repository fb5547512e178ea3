import { useId } from 'react'
import { Alert, Button, Checkbox, Dialog, Heading, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react'
import { Modal } from '../../../components/ui/modal'
import { useQuery } from '@tanstack/react-query'
import { Power, PowerOff, RefreshCw } from 'lucide-react'
import { T } from '../../../../shared/texts'
import { notify } from '../../../components/ui/notify'
import { useConfirmedWrite } from '../../../components/ui/use-confirmed-write'
import { errorMessage } from '../../../lib/api-client'
import { formatDateTime, formatInUnit } from '../../../lib/format'
import { useCan } from '../../../lib/auth'
import { parametersQueryOptions, useSelectParameter, useSwitchRelay } from '../api/collection'
import { useRefreshMeter } from '../api/use-refresh-meter'
import { CurrentDataStatus } from './current-data-status'
import { MeterClockLine } from './meter-clock-line'
import { MeterConstantLine } from './meter-constant-line'
import { PhaseView } from './phase-table'
import { LoadingSpinner } from '../../../components/ui/loading-spinner'

type Props = { counterId: number; open: boolean; onClose: () => void }

function ParameterSettings({ counterId }: { counterId: number }) {
  const can = useCan()
  const parameters = useQuery(parametersQueryOptions(counterId))
  const select = useSelectParameter(counterId)
  const toggle = (parameterId: number, selected: boolean) => void select.mutateAsync({ parameterId, selected }).catch(notify.error)
  if (parameters.isPending) return <LoadingSpinner />
  if (parameters.isError) return <Text color="red.600">{errorMessage(parameters.error)}</Text>
  if (parameters.data.length === 0) return <Text color="fg.muted">{T.empty}</Text>
  return (
    <Stack gap="1" aria-label="Параметры для сбора">
      {parameters.data.map((p) => (
        <Checkbox.Root
          key={p.parameter_id}
          checked={p.is_selected}
          disabled={!can('tasks.change')}
          onCheckedChange={(e) => toggle(p.parameter_id, e.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>
            {p.parameter_name}{' '}
            <Text as="span" color="fg.muted">
              ({p.parameter_group})
            </Text>
          </Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Stack>
  )
}

/**
 * The meter's info dialog (1100 px): parameter values, phase values with the vector diagram, settings. Offline it shows
 * the latest readings the background mirror put on the device, and when they were taken.
 */
export function MeterInfoDialog({ counterId, open, onClose }: Props) {
  const can = useCan()
  const { query, refresh, asking, status } = useRefreshMeter(counterId, open)
  const data = query.data
  // A model whose group has no polling driver: «Обновить» could only fail, so it says why instead (offline nothing is known).
  const unpolled = data !== undefined && !data.offline && !data.polled
  const unpolledId = useId()
  // Cutting a subscriber's supply, or switching it on while someone may be working on the line, is asked first.
  const relay = useConfirmedWrite(useSwitchRelay(counterId), {
    ask: (on) =>
      on ? { message: T.confirmRelayOn, confirmLabel: T.relaySwitchOn } : { message: T.confirmRelayOff, confirmLabel: T.relaySwitchOff, danger: true },
    done: (on) => T.relayAsked(on),
  })
  return (
    <Modal open={open} onClose={onClose} width="1100px">
      <Dialog.Header>
        <Dialog.Title>Информация о счётчике</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <CurrentDataStatus task={data?.task ?? null} />
            <HStack gap="2">
              {data?.external_model === 'mercury_206' && can('counters.control') && (
                <>
                  <Button size="sm" variant="outline" onClick={() => void relay(true)}>
                    <Power size={16} aria-hidden /> {T.relaySwitchOn}
                  </Button>
                  <Button size="sm" variant="outline" colorPalette="red" onClick={() => void relay(false)}>
                    <PowerOff size={16} aria-hidden /> {T.relaySwitchOff}
                  </Button>
                </>
              )}
              {can('counters.poll') && (
                <Button
                  size="sm"
                  colorPalette="blue"
                  loading={asking}
                  disabled={status === 'PENDING' || unpolled}
                  aria-describedby={unpolled ? unpolledId : undefined}
                  onClick={() => void refresh()}
                >
                  <RefreshCw size={16} aria-hidden /> Обновить
                </Button>
              )}
            </HStack>
          </HStack>
          {unpolled && can('counters.poll') && (
            <Text id={unpolledId} color="fg.muted">
              {T.meterNotPolled}
            </Text>
          )}
          {data?.offline && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>{T.offlineReadings(formatDateTime(data.values_date))}</Alert.Title>
            </Alert.Root>
          )}
          {!data?.offline && <MeterClockLine counterId={counterId} />}
          {!data?.offline && <MeterConstantLine counterId={counterId} />}
          {query.isPending && <LoadingSpinner />}
          {query.isError && <Text color="red.600">{errorMessage(query.error)}</Text>}
          {data && (
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
              <Stack gap="2">
                <Heading as="h3" size="md">
                  Значения параметров
                </Heading>
                {data.data.length === 0 ? (
                  <Text color="fg.muted">{data.task?.status === 'DONE' ? T.noValues : T.paramsNotLoaded}</Text>
                ) : (
                  <Table.Root size="sm" aria-label="Значения параметров">
                    <Table.Body>
                      {data.data.map((row) => (
                        <Table.Row key={row.parameter_name}>
                          <Table.Cell>{row.parameter_name}</Table.Cell>
                          <Table.Cell textAlign="end">{formatInUnit(row.value, row.measurement)}</Table.Cell>
                          <Table.Cell>{row.measurement}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                )}
              </Stack>
              <Stack gap="2">
                <Heading as="h3" size="md">
                  Настройки: параметры для сбора
                </Heading>
                <ParameterSettings counterId={counterId} />
              </Stack>
            </SimpleGrid>
          )}
          {data && !data.offline && (
            <Stack gap="2">
              <Heading as="h3" size="md">
                Значения по фазам
              </Heading>
              <PhaseView data={data.phase} />
            </Stack>
          )}
        </Stack>
      </Dialog.Body>
    </Modal>
  )
}
