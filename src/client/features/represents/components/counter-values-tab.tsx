import { HStack, NativeSelect, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { COUNTER_VALUE_TIMES } from '../../../../shared/constants'
import type { Represent } from '../../../../shared/schemas/represents'
import { PeriodPicker, useChartPeriod } from '../../../components/charts/period-picker'
import { counterValuesQueryOptions, downloadCounterValuesCsv } from '../api/represents'
import { formatBucket, periodOf } from '../period'
import { BalanceTable } from './balance-table'
import { CsvButton } from './csv-button'
import { QueryState } from '../../../components/ui/query-state'

const timeLabel = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

/**
 * Readings of the points' meters at a chosen time of each day, with CSV: over the days chosen on the page (URL),
 * shared with «График» and «Таблица», by default the object's saved period.
 */
export function CounterValuesTab({ represent }: { represent: Represent }) {
  const [minutes, setMinutes] = useState(0)
  const saved = periodOf(represent)
  const period = useChartPeriod(saved)
  const query = { ...(period.range ?? saved), minutes_from_day_begin: minutes, roundVal: represent.round_val }
  const result = useQuery(counterValuesQueryOptions(represent.represent_id, query))
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <HStack gap="2">
          <Text asChild fontSize="sm">
            <label htmlFor="values-time">Время снятия показаний</label>
          </Text>
          <NativeSelect.Root size="sm" width="28">
            <NativeSelect.Field id="values-time" value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
              {COUNTER_VALUE_TIMES.map((m) => (
                <option key={m} value={m}>
                  {timeLabel(m)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
        <CsvButton download={() => downloadCounterValuesCsv(represent.represent_id, query)} />
      </HStack>
      <PeriodPicker period={period} />
      <QueryState query={result}>
        {(data) => <BalanceTable label="Показания счётчиков" table={data} roundVal={represent.round_val} formatTime={(t) => formatBucket(t, 30)} />}
      </QueryState>
    </Stack>
  )
}
