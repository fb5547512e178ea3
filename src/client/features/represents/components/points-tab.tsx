import { useRef, useState } from 'react'
import { Box, Button, Checkbox, HStack, Input, Popover, Stack, Table, Text } from '@chakra-ui/react'
import { PopoverPanel } from '../../../components/ui/popover-panel'
import dayjs from 'dayjs'
import { useQuery } from '@tanstack/react-query'
import { ArrowDown, ArrowUp, Link2, Plus, Trash2 } from 'lucide-react'
import { HALFS_NUM_DEFAULT } from '../../../../shared/constants'
import { normalizeHalfsNum, type RepresentPoint } from '../../../../shared/schemas/represents'
import { T } from '../../../../shared/texts'
import { DataTable, type Column } from '../../../components/ui/data-table'
import { RowAction } from '../../../components/ui/row-actions'
import { SelectField } from '../../../components/ui/fields'
import { notify } from '../../../components/ui/notify'
import { useConfirmedWrite } from '../../../components/ui/use-confirmed-write'
import { useColumnSettings, type ColumnTable } from '../../../lib/column-settings'
import { formatDateTime, formatQuantity } from '../../../lib/format'
import {
  availablePointsQueryOptions,
  representPointsQueryOptions,
  representQueryOptions,
  useAddPoint,
  useCyclePointSign,
  useMovePoint,
  useRemovePoint,
  useSetPointColor,
  useSetPointSelected,
} from '../api/represents'
import { NewPointDialog } from './new-point-dialog'
import { QueryState } from '../../../components/ui/query-state'

const COLUMNS = { point_number: 'Номер', address: 'Адрес', customer_name: 'Абонент', counter: 'Счётчик', halfs: 'Получасовые значения' } as const
type ColumnKey = keyof typeof COLUMNS
const COLUMN_KEYS = Object.keys(COLUMNS) as ColumnKey[]
/** The column choice, the same for every object on this device. */
const POINTS_TABLE: ColumnTable = {
  storageKey: 'represent-points-columns',
  version: '1',
  known: COLUMN_KEYS,
  defaults: ['point_number', 'address', 'counter', 'halfs'],
}
const SIGN_TEXT: Record<number, { mark: string; label: string }> = {
  1: { mark: '+', label: 'плюс' },
  [-1]: { mark: '−', label: 'минус' },
  0: { mark: '0', label: 'не учитывается' },
}

/** The longest point number kept on one line; a longer one wraps in its column. */
const NUMBER_KEPT_WHOLE = 16

/** Up to a day of half-hours has room for a gap between its bars; more are drawn side by side. */
const BAR_GAP_UP_TO = 48

/**
 * A point's last half-hours for touch as well as for a mouse: bars with the first and last times and the unit in
 * sight, and on a tap (or click, or Enter) each value with its time; a missing half-hour is a pale orange bar.
 */
function HalfsCell({ name, halfs }: { name: string; halfs: RepresentPoint['halfs'] }) {
  const list = useRef<HTMLDivElement>(null)
  const first = halfs[0]
  const last = halfs[halfs.length - 1]
  if (!first || !last) return '—'
  const max = Math.max(0, ...halfs.map((h) => h.value ?? 0))
  // A zero stays a hairline, so that it does not pass for a missing half-hour.
  const height = (value: number) => (max > 0 && value > 0 ? `${Math.max((value / max) * 100, 8)}%` : '1px')
  // Past midnight the times alone would read backwards («с 14:30 по 14:00»): then they carry their dates.
  const format = dayjs(first.time).isSame(last.time, 'day') ? 'HH:mm' : 'DD.MM HH:mm'
  const [from, to] = [dayjs(first.time).format(format), dayjs(last.time).format(format)]
  const title = T.halfs.title(name, formatDateTime(first.time), formatDateTime(last.time))
  return (
    // The list takes the focus on opening, so that the arrow and page keys scroll it.
    <Popover.Root lazyMount unmountOnExit initialFocusEl={() => list.current}>
      <Popover.Trigger asChild>
        <Button
          variant="outline"
          size="xs"
          h="auto"
          w="full"
          minW="36"
          maxW="56"
          px="1.5"
          py="1"
          flexDirection="column"
          alignItems="stretch"
          gap="1"
          aria-label={T.halfs.open(name, from, to)}
        >
          <HStack gap={halfs.length > BAR_GAP_UP_TO ? '0' : '1px'} align="end" h="6" aria-hidden>
            {halfs.map((h) => (
              <Box key={h.time} flex="1" minW="0" h={h.value === null ? 'full' : height(h.value)} bg={h.value === null ? 'orange.subtle' : 'blue.solid'} />
            ))}
          </HStack>
          {/* The same words as the button's name, which must hold what the button shows (axe: label in name). */}
          <Text fontSize="xs" fontWeight="normal" color="fg.muted" whiteSpace="normal">
            {T.halfs.span(from, to)}
          </Text>
        </Button>
      </Popover.Trigger>
      <PopoverPanel width="auto" maxW="sm">
        {/* The list scrolls inside the popover, which is no taller than the room the screen has beside the cell. */}
        <Popover.Body p="3" display="flex" flexDirection="column" minH="0">
          <Popover.Title fontSize="sm" fontWeight="medium" mb="2">
            {title}
          </Popover.Title>
          <Box ref={list} tabIndex={0} maxH="60vh" minH="0" overflowY="auto" focusVisibleRing="inside">
            <Table.Root size="sm" stickyHeader aria-label={title}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{T.halfs.start}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{T.halfs.value}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {halfs.map((h) => (
                  <Table.Row key={h.time}>
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(h.time)}</Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap" color={h.value === null ? 'fg.muted' : undefined}>
                      {h.value === null ? T.chart.noValue : formatQuantity(h.value, 'energy')}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        </Popover.Body>
      </PopoverPanel>
    </Popover.Root>
  )
}

/** The columns a user may show or hide, in their order. */
const chosen: Record<ColumnKey, Column<RepresentPoint>> = {
  point_number: {
    key: 'point_number',
    header: COLUMNS.point_number,
    // A number stays on one line, not cut at its hyphen, unless it is too long for any line (up to 50 characters).
    render: (p) => (
      <Text as="span" whiteSpace={p.point_number.length > NUMBER_KEPT_WHOLE ? undefined : 'nowrap'}>
        {p.point_number}
      </Text>
    ),
  },
  address: { key: 'address', header: COLUMNS.address },
  customer_name: { key: 'customer_name', header: COLUMNS.customer_name, render: (p) => p.customer_name || '—' },
  counter: { key: 'counter', header: COLUMNS.counter, render: (p) => p.counter ?? '—' },
  halfs: { key: 'halfs', header: COLUMNS.halfs, render: (p) => <HalfsCell name={p.name} halfs={p.halfs} /> },
}

/** The object's points: attach or create, sign, colour, order, remove, visible columns and the last half-hours. */
export function PointsTab({ representId, canChange }: { representId: number; canChange: boolean }) {
  const [halfsText, setHalfsText] = useState(String(HALFS_NUM_DEFAULT))
  const [halfsNum, setHalfsNum] = useState(HALFS_NUM_DEFAULT)
  const [columns, setColumns] = useColumnSettings(POINTS_TABLE)
  const visible = Object.fromEntries(COLUMN_KEYS.map((key) => [key, columns.includes(key)])) as Record<ColumnKey, boolean>
  const toggleColumn = (key: ColumnKey, on: boolean) => setColumns(COLUMN_KEYS.filter((k) => (k === key ? on : visible[k])))
  const [picked, setPicked] = useState<number | null>(null)
  const [creating, setCreating] = useState(false)
  const result = useQuery(representPointsQueryOptions(representId, halfsNum))
  // The object's own screen has loaded it: its name for the unlink question.
  const represent = useQuery(representQueryOptions(representId))
  const available = useQuery({ ...availablePointsQueryOptions(representId), enabled: canChange })

  const addPoint = useAddPoint(representId)
  const cycleSign = useCyclePointSign(representId)
  const setColor = useSetPointColor(representId)
  const setSelected = useSetPointSelected(representId)
  const movePoint = useMovePoint(representId)
  const removePoint = useRemovePoint(representId)
  const unlink = useConfirmedWrite(
    { mutateAsync: (p: RepresentPoint) => removePoint.mutateAsync(p.point_id) },
    { ask: (p) => ({ title: T.unlinkPointTitle(p.name, represent.data?.name), message: T.unlinkPointMessage, confirmLabel: T.unlink }) },
  )
  const run = (write: Promise<unknown>) => void write.catch(notify.error)
  const applyHalfs = () => {
    const n = normalizeHalfsNum(halfsText)
    setHalfsText(String(n))
    setHalfsNum(n)
  }
  const attach = (pointId: number) => run(addPoint.mutateAsync(pointId).then(() => setPicked(null)))
  const move = (points: RepresentPoint[], index: number, step: -1 | 1) => run(movePoint.mutateAsync({ points, index, step }))
  const controls: Column<RepresentPoint>[] = [
    {
      key: 'sign',
      header: 'Знак',
      render: (p) => (
        <Button
          size="xs"
          variant="outline"
          minW="8"
          aria-label={`Знак точки ${p.name}: ${SIGN_TEXT[p.sign]!.label}`}
          disabled={!canChange}
          onClick={() => run(cycleSign.mutateAsync(p.represent_point_id))}
        >
          {SIGN_TEXT[p.sign]!.mark}
        </Button>
      ),
    },
    {
      key: 'color',
      header: 'Цвет',
      render: (p) => (
        <input
          type="color"
          aria-label={`Цвет точки ${p.name}`}
          value={p.color}
          disabled={!canChange}
          onChange={(e) => run(setColor.mutateAsync({ linkId: p.represent_point_id, color: e.target.value }))}
        />
      ),
    },
    {
      key: 'selected',
      header: T.pointInChart,
      render: (p) => (
        <Checkbox.Root
          size="sm"
          checked={p.selected}
          disabled={!canChange}
          onCheckedChange={(e) => run(setSelected.mutateAsync({ linkId: p.represent_point_id, selected: e.checked === true }))}
        >
          <Checkbox.HiddenInput aria-label={T.pointInChartOf(p.name)} />
          <Checkbox.Control />
        </Checkbox.Root>
      ),
    },
    { key: 'name', header: 'Название' },
  ]

  return (
    <Stack gap="3">
      {canChange && (
        <HStack gap="3" wrap="wrap" align="end">
          <Box minW="64">
            <SelectField
              label="Точка учёта"
              value={picked}
              options={(available.data ?? []).map((p) => ({ value: p.point_id, label: `${p.name} (${p.point_number})` }))}
              onChange={setPicked}
              emptyText={T.noPoints}
            />
          </Box>
          <Button variant="outline" disabled={picked === null} onClick={() => picked !== null && attach(picked)}>
            <Link2 size={16} aria-hidden /> Привязать точку
          </Button>
          <Button colorPalette="blue" onClick={() => setCreating(true)}>
            <Plus size={16} aria-hidden /> Создать точку
          </Button>
        </HStack>
      )}
      <HStack gap="4" wrap="wrap">
        <Text fontSize="sm" fontWeight="medium">
          Колонки:
        </Text>
        {COLUMN_KEYS.map((key) => (
          <Checkbox.Root key={key} size="sm" checked={visible[key]} onCheckedChange={(e) => toggleColumn(key, e.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{COLUMNS[key]}</Checkbox.Label>
          </Checkbox.Root>
        ))}
        <HStack gap="2">
          <Text asChild fontSize="sm">
            <label htmlFor="halfs-num">Последних получасов</label>
          </Text>
          <Input
            id="halfs-num"
            size="sm"
            width="20"
            inputMode="numeric"
            value={halfsText}
            onChange={(e) => setHalfsText(e.target.value)}
            onBlur={applyHalfs}
            onKeyDown={(e) => e.key === 'Enter' && applyHalfs()}
          />
        </HStack>
      </HStack>
      <QueryState query={result}>
        {(points) => {
          if (points.length === 0) return <Text color="fg.muted">{T.noRepresentPoints}</Text>
          return (
            <DataTable
              label="Точки учёта объекта"
              columns={[...controls, ...COLUMN_KEYS.filter((k) => visible[k]).map((k) => chosen[k])]}
              rows={points}
              rowKey={(p) => p.represent_point_id}
              actions={
                canChange
                  ? (p) => {
                      const index = points.indexOf(p)
                      return (
                        <>
                          <RowAction label={`Выше: ${p.name}`} disabled={index === 0} onClick={() => move(points, index, -1)}>
                            <ArrowUp />
                          </RowAction>
                          <RowAction label={`Ниже: ${p.name}`} disabled={index === points.length - 1} onClick={() => move(points, index, 1)}>
                            <ArrowDown />
                          </RowAction>
                          <RowAction label={`Отвязать ${p.name}`} palette="red" onClick={() => void unlink(p)}>
                            <Trash2 />
                          </RowAction>
                        </>
                      )
                    }
                  : undefined
              }
            />
          )
        }}
      </QueryState>
      <NewPointDialog open={creating} onClose={() => setCreating(false)} onCreated={attach} />
    </Stack>
  )
}
