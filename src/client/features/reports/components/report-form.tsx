import { useState } from 'react'
import { Box, Button, Grid, HStack, Heading, Progress, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { FileDown } from 'lucide-react'
import { reportRequestErrors, type ReportName, type ReportQuery } from '../../../../shared/schemas/reports'
import { T } from '../../../../shared/texts'
import { DateField } from '../../../components/ui/date-field'
import { LoadError } from '../../../components/ui/load-error'
import { PageHeader } from '../../../components/ui/page-header'
import { SelectField } from '../../../components/ui/fields'
import { notify } from '../../../components/ui/notify'
import { useBusyAction } from '../../../components/ui/use-busy-action'
import { downloadReport, tariffSchemesQueryOptions } from '../api/reports'
import { initialDates, lastMonth, monthStart, thisMonth, todayDate, type ReportDates } from '../lib/period-presets'
import { ReportTreePicker, type TreeSelection } from './report-tree-picker'

/** What one report screen asks for (metering.md sections 2 and 5). */
export type ReportFormSpec = {
  title: string
  /** The spec's heading of the document, shown under the title. */
  heading?: string
  pick: 'objects' | 'points'
  maxPoints?: number
  dates: 'one' | 'period'
  /** The files the screen can make; more than one offers a choice of format. */
  formats: { report: ReportName; label: string }[]
  /** Whether the tariff zone scheme matters to the document. */
  tariffs: boolean
}

/** The request a screen's choices make; the same rules as the server's decide whether it may be sent. */
function queryOf(spec: ReportFormSpec, report: ReportName, selection: TreeSelection, dates: ReportDates, scheme: number | null): ReportQuery {
  const pointIds = selection.points.map((p) => p.point_id)
  const single = spec.pick === 'points' && pointIds.length === 1
  return {
    report,
    point_id: single ? pointIds[0] : undefined,
    points_id: single ? [] : pointIds,
    represents_id: spec.pick === 'objects' ? selection.objects : [],
    date: spec.dates === 'one' ? dates.date || undefined : undefined,
    beg_date: spec.dates === 'period' ? dates.beg || undefined : undefined,
    end_date: spec.dates === 'period' ? dates.end || undefined : undefined,
    tariff_scheme_id: scheme ?? undefined,
  }
}

export function ReportForm({ spec }: { spec: ReportFormSpec }) {
  const today = new Date()
  const [selection, setSelection] = useState<TreeSelection>({ objects: [], points: [] })
  // A field's missing input is told once the user has been at it (chosen points, changed a date) or pressed
  // «Сформировать»: an untouched screen shows no error, and a greyed-out button never stands without its reason.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const [attempted, setAttempted] = useState(false)
  const touch = (field: string) => setTouched((fields) => new Set(fields).add(field))
  const [dates, setDates] = useState<ReportDates>(() => initialDates(today))
  const [report, setReport] = useState<ReportName>(spec.formats[0]!.report)
  const [scheme, setScheme] = useState<number | null>(null)
  const { busy, run } = useBusyAction()
  const schemes = useQuery({ ...tariffSchemesQueryOptions(), enabled: spec.tariffs })

  const query = queryOf(spec, report, selection, dates, scheme)
  const errors = reportRequestErrors(query)
  // A rule about what is filled in (a reversed period) shows at once; missing input (and the points' rules) once seen.
  const seen = (field: string) => attempted || touched.has(field)
  const shown = (field: string) => errors?.[field]?.find((m) => seen(field) || (m !== T.required && field !== 'points_id'))
  const choose = (value: TreeSelection) => {
    touch('points_id')
    setSelection(value)
  }
  const presets =
    spec.dates === 'one'
      ? [
          { label: T.reportToday, apply: () => setDates((d) => ({ ...d, date: todayDate(today) })) },
          { label: T.reportMonthStart, apply: () => setDates((d) => ({ ...d, date: monthStart(today) })) },
        ]
      : [
          { label: T.reportThisMonth, apply: () => setDates((d) => ({ ...d, ...thisMonth(today) })) },
          { label: T.reportLastMonth, apply: () => setDates((d) => ({ ...d, ...lastMonth(today) })) },
        ]

  const generate = () =>
    run(async () => {
      await downloadReport(query)
      notify.success(T.reportReady)
    })

  const dateField = (key: keyof typeof dates, field: string, label: string) => (
    <DateField
      label={label}
      value={dates[key]}
      onChange={(value) => {
        touch(field)
        setDates((d) => ({ ...d, [key]: value }))
      }}
      error={shown(field)}
    />
  )

  return (
    <Stack gap="4" maxW="5xl">
      <PageHeader title={spec.title} />
      {spec.heading && (
        <Heading as="h2" size="md">
          {spec.heading}
        </Heading>
      )}
      {/* Halves: at 1366 px the form's column shows the account's tariff scheme whole in its select. */}
      <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }} gap="4" alignItems="start">
        <Stack gap="2">
          <ReportTreePicker mode={spec.pick} value={selection} onChange={choose} maxPoints={spec.maxPoints} />
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {spec.pick === 'objects' && T.reportObjectsChosen(selection.objects.length)}
            {/* Objects chosen bring their points: «no points chosen» would read as an empty report. */}
            {(selection.points.length > 0 || selection.objects.length === 0) && T.reportPointsChosen(selection.points.map((p) => p.name))}
          </Text>
          {shown('points_id') && (
            <Text color="fg.error" fontSize="sm" role="alert">
              {shown('points_id')}
            </Text>
          )}
        </Stack>
        <Stack
          gap="3"
          as="form"
          onSubmit={(e) => {
            e.preventDefault()
            if (errors) setAttempted(true)
            else if (!busy) void generate()
          }}
        >
          <HStack gap="2" wrap="wrap" role="group" aria-label="Быстрый выбор дат">
            {presets.map((preset) => (
              <Button key={preset.label} type="button" size="sm" variant="outline" onClick={preset.apply}>
                {preset.label}
              </Button>
            ))}
          </HStack>
          {spec.dates === 'one' ? (
            dateField('date', 'date', T.reportDate)
          ) : (
            <>
              {dateField('beg', 'beg_date', T.reportDateBegin)}
              {dateField('end', 'end_date', T.reportDateEnd)}
            </>
          )}
          {spec.formats.length > 1 && (
            <SelectField
              label="Формат файла"
              value={report}
              options={spec.formats.map((f) => ({ value: f.report, label: f.label }))}
              onChange={(value) => value && setReport(value)}
            />
          )}
          {spec.tariffs && (
            <SelectField
              label={T.reportTariffScheme}
              value={scheme}
              placeholder={`${T.reportAccountScheme}${schemes.data ? `: ${schemes.data.find((s) => s.is_account_default)?.name ?? ''}` : ''}`}
              options={(schemes.data ?? []).map((s) => ({ value: s.tariff_scheme_id, label: s.name }))}
              onChange={setScheme}
            />
          )}
          {spec.tariffs && schemes.isError && <LoadError error={schemes.error} title={T.tariffSchemesLoadFailed} onRetry={() => void schemes.refetch()} />}
          {/* Greyed out, not disabled, while something is missing: pressed, it says what (`attempted`). */}
          <Button type="submit" colorPalette="blue" aria-disabled={errors ? true : undefined} loading={busy} loadingText={T.reportInProgress} alignSelf="start">
            <FileDown size={16} aria-hidden /> {T.reportGenerate}
          </Button>
          {busy && (
            <Box role="status" aria-live="polite">
              <Progress.Root value={null} size="sm" colorPalette="blue">
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text fontSize="sm" mt="1">
                {T.reportInProgress}
              </Text>
            </Box>
          )}
        </Stack>
      </Grid>
    </Stack>
  )
}
