import { Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { useState } from 'react'
import { VictoryAxis, VictoryChart, VictoryLegend, VictoryLine, VictoryTheme, VictoryContainer } from 'victory'
import { PROFILE_INTERVALS, type ProfileInterval } from '../../../../shared/constants'
import type { ProfileData, Represent } from '../../../../shared/schemas/represents'
import { T } from '../../../../shared/texts'
import { notify } from '../../../components/ui/notify'
import { downloadProfileCsv, profileQueryOptions } from '../api/represents'
import { INTERVAL_LABELS, formatBucket, profileQueryOf } from '../period'
import { BalanceSummary } from './balance-summary'
import { formatNumber } from '../../../lib/format'
import { BalanceTable } from './balance-table'
import { QueryState } from './query-state'

/** Приём is drawn black and thick, Небаланс in the object's colour and dashed: they differ by the outgoing energy. */
const IN_COLOR = '#1a202c'
const BALANCE_KEYS = new Set(['in', 'imbalance'])

export function IntervalSelect({ value, onChange }: { value: ProfileInterval; onChange: (value: ProfileInterval) => void }) {
  return (
    <HStack gap="2">
      <Text asChild fontSize="sm">
        <label htmlFor="profile-interval">Интервал</label>
      </Text>
      <NativeSelect.Root size="sm" width="40">
        <NativeSelect.Field id="profile-interval" value={value} onChange={(e) => onChange(Number(e.target.value) as ProfileInterval)}>
          {PROFILE_INTERVALS.map((interval) => (
            <option key={interval} value={interval}>
              {INTERVAL_LABELS[interval]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </HStack>
  )
}

function useProfile(represent: Represent, interval: ProfileInterval) {
  const query = profileQueryOf(represent, interval)
  return { query, result: useQuery(profileQueryOptions(represent.represent_id, query)) }
}

function ProfileChart({ data, interval }: { data: ProfileData; interval: number }) {
  // Отдача is the sum of the drawn outgoing points, and the % has its own scale: both stay in the table.
  const series = data.headers.filter((h) => h.key !== 'time' && h.key !== 'out' && h.key !== 'imbalance_percent')
  if (data.items.length === 0 || series.length === 0) return <Text color="fg.muted">{T.empty}</Text>
  const colorOf = (key: string) => data.points_colors[key] ?? IN_COLOR
  return (
    <Stack role="img" aria-label="График профиля объекта" bg="bg" borderWidth="1px" borderRadius="md" p="2">
      <VictoryChart containerComponent={<VictoryContainer title="График профиля объекта" />} theme={VictoryTheme.clean} height={320} width={900} scale={{ x: 'time' }} padding={{ top: 20, bottom: 40, left: 70, right: 20 }}>
        <VictoryAxis tickFormat={(t: Date) => formatBucket(t.toISOString(), interval).replace(/ .*/, '')} tickCount={6} />
        <VictoryAxis dependentAxis tickFormat={(t: number) => formatNumber(t)} />
        {series.map((h) => (
          <VictoryLine
            key={h.key}
            name={h.key}
            data={data.items.filter((i) => i.values[h.key] !== null && i.values[h.key] !== undefined).map((i) => ({ x: new Date(i.time), y: i.values[h.key]! }))}
            style={{ data: { stroke: colorOf(h.key), strokeWidth: BALANCE_KEYS.has(h.key) ? 2.5 : 1.5, strokeDasharray: h.key === 'imbalance' ? '6,3' : undefined } }}
          />
        ))}
      </VictoryChart>
      <VictoryLegend
        containerComponent={<VictoryContainer title="Условные обозначения" />}
        orientation="horizontal"
        itemsPerRow={4}
        height={30 + Math.ceil(series.length / 4) * 22}
        width={900}
        data={series.map((h) => ({ name: h.unit ? `${h.title}, ${h.unit}` : h.title, symbol: { fill: colorOf(h.key) } }))}
      />
    </Stack>
  )
}

/** The object's profile drawn per point in the points' colours, with the sum and the losses in the loss colour. */
export function ChartTab({ represent, interval, onInterval }: { represent: Represent; interval: ProfileInterval; onInterval: (i: ProfileInterval) => void }) {
  const { result } = useProfile(represent, interval)
  return (
    <Stack gap="3">
      <IntervalSelect value={interval} onChange={onInterval} />
      <QueryState isPending={result.isPending} error={result.error} retry={() => void result.refetch()}>
        {() => (
          <Stack gap="3">
            <BalanceSummary summary={result.data!.summary} showImbalance={represent.show_lost && represent.energy_type === 'straight'} />
            <ProfileChart data={result.data!} interval={interval} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  )
}

/** The same profile as a table, with its CSV. */
export function TableTab({ represent, interval, onInterval }: { represent: Represent; interval: ProfileInterval; onInterval: (i: ProfileInterval) => void }) {
  const { query, result } = useProfile(represent, interval)
  const [downloading, setDownloading] = useState(false)
  const download = async () => {
    setDownloading(true)
    try {
      await downloadProfileCsv(represent.represent_id, query)
    } catch (error) {
      notify.error(error)
    } finally {
      setDownloading(false)
    }
  }
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <IntervalSelect value={interval} onChange={onInterval} />
        <Button size="sm" variant="outline" onClick={() => void download()} loading={downloading}>
          <Download size={16} aria-hidden /> Скачать CSV
        </Button>
      </HStack>
      <QueryState isPending={result.isPending} error={result.error} retry={() => void result.refetch()}>
        {() => (
          <Stack gap="3">
            <BalanceSummary summary={result.data!.summary} showImbalance={represent.show_lost && represent.energy_type === 'straight'} />
            <BalanceTable label="Профиль объекта" headers={result.data!.headers} items={result.data!.items} total={result.data!.total} formatTime={(t) => formatBucket(t, interval)} />
          </Stack>
        )}
      </QueryState>
    </Stack>
  )
}
