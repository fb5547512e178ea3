import { useId, useState } from 'react'
import { Box, Button, HStack, Stack, Text, Wrap } from '@chakra-ui/react'
import { useNavigate, useSearch } from '@tanstack/react-router'
import dayjs from 'dayjs'
import { T } from '../../../shared/texts'
import { formatDate } from '../../lib/format'
import { DateField } from '../ui/date-field'
import { PERIOD_PRESETS, resolvePeriod, type DayRange, type PeriodChoice, type PeriodSearch } from './period'

export type ChartPeriod = {
  /** What the URL says. */
  search: PeriodSearch
  /** The days to draw: the URL's, else the page's default (`null`: the API's own default span). */
  range: DayRange | null
  set: (next: PeriodSearch) => void
}

/**
 * The chart page's period, kept in the URL (`period`, `from`, `to`; the route spreads `periodSearchEntries` into its
 * `validateSearch`), so a reload or a shared link draws the same days. The rest of the URL stays as it was.
 */
export function useChartPeriod(fallback: DayRange | null): ChartPeriod {
  const raw = useSearch({ strict: false }) as PeriodSearch
  const search: PeriodSearch = { period: raw.period, from: raw.from, to: raw.to }
  const navigate = useNavigate()
  const set = (next: PeriodSearch) =>
    void navigate({
      to: '.',
      search: (prev: Record<string, unknown>) => ({ ...prev, period: next.period, from: next.from, to: next.to }),
      replace: true,
    } as unknown as Parameters<typeof navigate>[0])
  return { search, range: resolvePeriod(search, fallback), set }
}

/** Presets (сегодня … прошлый месяц) and a custom from/to, as pressed buttons and date fields. */
export function PeriodPicker({ period }: { period: ChartPeriod }) {
  const labelId = useId()
  const { search, range, set } = period
  // The end a typed date moved along, told under it until the next change.
  const [moved, setMoved] = useState<'from' | 'to' | null>(null)
  const choose = (choice: PeriodChoice) => {
    setMoved(null)
    if (choice !== 'custom') return set({ period: choice })
    const today = dayjs().format('YYYY-MM-DD')
    set({ period: 'custom', from: range?.beginDate ?? today, to: range?.endDate ?? today })
  }
  const from = search.period === 'custom' ? (search.from ?? range?.beginDate ?? '') : ''
  const to = search.period === 'custom' ? (search.to ?? range?.endDate ?? '') : ''
  // A day past the other end moves that end along, so the period never runs backwards; the moved field says so.
  const setFrom = (value: string) => {
    if (!value) return
    setMoved(to && to < value ? 'to' : null)
    set({ period: 'custom', from: value, to: to && to >= value ? to : value })
  }
  const setTo = (value: string) => {
    if (!value) return
    setMoved(from && from > value ? 'from' : null)
    set({ period: 'custom', from: from && from <= value ? from : value, to: value })
  }
  const movedNote = (end: 'from' | 'to') => (moved === end ? T.chart.movedAlong(formatDate(end === 'from' ? from : to)) : undefined)
  return (
    <Stack gap="2" role="group" aria-labelledby={labelId}>
      <Wrap gap="2" align="center">
        <Text id={labelId} fontSize="sm" fontWeight="medium">
          {T.chart.period}
        </Text>
        {[...PERIOD_PRESETS, 'custom' as const].map((choice) => (
          <Button
            key={choice}
            size="xs"
            variant={search.period === choice ? 'solid' : 'outline'}
            aria-pressed={search.period === choice}
            onClick={() => choose(choice)}
          >
            {T.chart.presets[choice]}
          </Button>
        ))}
        <Text fontSize="sm" color="fg.muted">
          {range ? `${formatDate(range.beginDate)} — ${formatDate(range.endDate)}` : T.chart.apiDefault}
        </Text>
      </Wrap>
      {search.period === 'custom' && (
        <HStack gap="3" wrap="wrap" align="start">
          <Box width="44">
            <DateField label={T.chart.from} value={from} onChange={setFrom} helper={movedNote('from')} />
          </Box>
          <Box width="44">
            <DateField label={T.chart.to} value={to} onChange={setTo} helper={movedNote('to')} />
          </Box>
        </HStack>
      )}
    </Stack>
  )
}
