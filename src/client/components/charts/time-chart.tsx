import { memo, useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react'
import { Box, Button, HStack, Stack, Text, Wrap } from '@chakra-ui/react'
import { VictoryAxis, VictoryBar, VictoryBrushContainer, VictoryChart, VictoryContainer, VictoryLine, VictoryScatter } from 'victory'
import { T } from '../../../shared/texts'
import { formatDateTime, formatInUnit, formatNumber } from '../../lib/format'
import { clipPoints, lineRuns, nearestIndex, timeTickFormat, typicalStep, valueDomain, withGaps, type ChartPoint, type PlotPoint } from './chart-data'

export type ChartSeries = {
  key: string
  /** The legend's and the tooltip's name. */
  name: string
  unit?: string
  color: string
  points: ChartPoint[]
  /** Drawn dashed throughout (the object's Небаланс). */
  dashed?: boolean
  strokeWidth?: number
  /**
   * The most decimals the tooltip shows (an object's rounding); without it, exactly its unit's decimals (kWh 3,
   * V 2; lib/format), so that a profile's «12,300» and «617,250» line up instead of «12,3» over «617,25».
   */
  digits?: number
}

type TimeChartProps = {
  /** The chart's accessible name. */
  title: string
  /** In the order of the legend and the tooltip; the first is drawn on top. */
  series: ChartSeries[]
  kind?: 'line' | 'bar'
  /** The data's interval in ms: neighbours further apart than 1.5 steps have a gap between them. */
  step?: number
  /** The tooltip's time (DD.MM.YYYY HH:mm unless the data are days or longer). */
  formatTime?: (time: Date) => string
  /** The value axis' unit, written above it. */
  yLabel?: string
  height?: number
  /** More notes under the legend (what a colour means). */
  notes?: ReactNode
}

type Padding = { top: number; right: number; bottom: number; left: number }
type Series = Omit<ChartSeries, 'points'> & { points: PlotPoint[] }

const DEFAULT_WIDTH = 800
const FONT = 'inherit'
const AXIS_COLOR = '#a0aec0'
const TEXT_COLOR = '#4a5568'
const OVERVIEW_HEIGHT = 64
const OVERVIEW_SERIES = 3
const ESTIMATED_OPACITY = 0.45

/**
 * The console's time chart, the one setup every chart uses: the values of all series at a moment in a tooltip with
 * a crosshair snapped to the interval (pointer, touch or the arrow keys), a range zoomed by brushing the overview
 * under the chart (or + and −) and «Сбросить масштаб», a legend whose entries hide and show their series, gaps
 * where values are missing and estimated intervals dashed and lighter, ru-RU numbers and DD.MM.YYYY dates.
 * Victory draws at the measured width (`responsive={false}`), so its text keeps its size whatever the window.
 */
export function TimeChart({ title, series, kind = 'line', step, formatTime = formatDateTime, yLabel, height: heightProp, notes }: TimeChartProps) {
  const [boxRef, width] = useElementWidth<HTMLDivElement>(DEFAULT_WIDTH)
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set())
  const [zoom, setZoom] = useState<{ of: string; x: [number, number] } | null>(null)
  const [active, setActive] = useState<number | null>(null)
  // Values reached by the keys are also read out (a live region); the pointer's would chatter.
  const [byKeys, setByKeys] = useState(false)
  const [brushKey, setBrushKey] = useState(0)
  const hintId = useId()
  const tooltipId = useId()

  const prepared = useMemo<Series[]>(() => series.map((s) => ({ ...s, points: withGaps(s.points, step) })), [series, step])
  const visible = useMemo(() => prepared.filter((s) => !hidden.has(s.key)), [prepared, hidden])
  const allTimes = useMemo(() => uniqueTimes(prepared), [prepared])
  // The overview draws the first few shown series only: it is for finding a range, and an object may have 100 points.
  const overviewSeries = useMemo(() => visible.slice(0, OVERVIEW_SERIES), [visible])
  const barStep = step ?? typicalStep(allTimes)
  const full = useMemo<[number, number]>(() => {
    if (allTimes.length === 0) return [0, 1]
    const [first, last] = [allTimes[0]!, allTimes[allTimes.length - 1]!]
    if (kind === 'bar') return [first - barStep / 2, last + barStep / 2]
    return first === last ? [first - barStep / 2, last + barStep / 2] : [first, last]
  }, [allTimes, kind, barStep])
  const fullKey = `${full[0]}:${full[1]}`
  const xDomain = zoom?.of === fullKey ? zoom.x : full
  const zoomed = xDomain !== full

  const inView = useMemo(() => visible.map((s) => ({ ...s, points: clipPoints(s.points, xDomain, kind === 'line') })), [visible, xDomain, kind])
  const yDomain = useMemo(() => valueDomain(inView.flatMap((s) => s.points.flatMap((p) => (p.y === null ? [] : [p.y])))), [inView])
  const times = useMemo(() => uniqueTimes(inView).filter((t) => t >= xDomain[0] && t <= xDomain[1]), [inView, xDomain])

  const narrow = width < 480
  const height = narrow ? Math.min(heightProp ?? 320, 240) : (heightProp ?? 320)
  const padding = useMemo<Padding>(() => {
    const longest = Math.max(...yDomain.map((v) => formatNumber(v, 0).length))
    return { top: 12, right: 16, bottom: 32, left: Math.max(44, longest * 7 + 20) }
  }, [yDomain])
  const plotWidth = Math.max(1, width - padding.left - padding.right)
  const xPx = (t: number) => padding.left + ((t - xDomain[0]) / (xDomain[1] - xDomain[0])) * plotWidth
  const yPx = (v: number) => padding.top + (1 - (v - yDomain[0]) / (yDomain[1] - yDomain[0])) * (height - padding.top - padding.bottom)

  // The pointer's time snaps to the nearest interval; the keys step through the intervals. The crosshair and the
  // tooltip are drawn over the memoised chart: VictoryCursorContainer redrew every series at each move, twice the
  // time per move on a month of half-hours.
  const onPointer = (event: PointerEvent<HTMLDivElement>) => {
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left
    if (x < padding.left || x > width - padding.right) return setActive(null)
    const index = nearestIndex(times, xDomain[0] + ((x - padding.left) / plotWidth) * (xDomain[1] - xDomain[0]))
    setActive(index === -1 ? null : times[index]!)
    setByKeys(false)
  }
  const activeTime = active !== null && active >= xDomain[0] && active <= xDomain[1] ? active : null

  const zoomTo = useCallback(
    (range: [number, number]) => {
      const [from, to] = [Math.max(full[0], Math.min(...range)), Math.min(full[1], Math.max(...range))]
      if (to - from < Math.min(barStep, full[1] - full[0])) return
      if (from <= full[0] && to >= full[1]) return setZoom(null)
      setZoom({ of: fullKey, x: [from, to] })
    },
    [full, fullKey, barStep],
  )
  const resetZoom = useCallback(() => {
    setZoom(null)
    setBrushKey((k) => k + 1)
  }, [])

  const onKeyDown = (event: KeyboardEvent) => {
    const index = activeTime === null ? -1 : times.indexOf(activeTime)
    const go = (i: number) => times.length > 0 && setActive(times[Math.max(0, Math.min(times.length - 1, i))]!)
    const span = xDomain[1] - xDomain[0]
    const centre = activeTime ?? (xDomain[0] + xDomain[1]) / 2
    const keys: Record<string, () => void> = {
      ArrowRight: () => go(index === -1 ? 0 : index + 1),
      ArrowLeft: () => go(index === -1 ? times.length - 1 : index - 1),
      Home: () => go(0),
      End: () => go(times.length - 1),
      Escape: () => setActive(null),
      '+': () => zoomTo([centre - span / 4, centre + span / 4]),
      '=': () => zoomTo([centre - span / 4, centre + span / 4]),
      '-': () => (span * 2 >= full[1] - full[0] ? resetZoom() : zoomTo([centre - span, centre + span])),
    }
    const action = keys[event.key]
    if (!action) return
    event.preventDefault()
    setByKeys(true)
    action()
  }

  const rows =
    activeTime === null
      ? []
      : inView.flatMap((s) => {
          const point = s.points.find((p) => !p.gap && p.x.getTime() === activeTime)
          return point ? [{ series: s, point }] : []
        })
  const toggle = useCallback(
    (key: string) =>
      setHidden((prev) => {
        const next = new Set(prev)
        if (!next.delete(key)) next.add(key)
        return next
      }),
    [],
  )

  return (
    <Stack gap="2" ref={boxRef} minW="0" role="figure" aria-label={title}>
      <Box
        role="group"
        aria-label={title}
        aria-describedby={hintId}
        tabIndex={0}
        onKeyDown={onKeyDown}
        onBlur={() => setActive(null)}
        borderRadius="md"
        _focusVisible={{ outline: '2px solid', outlineColor: 'blue.500', outlineOffset: '2px' }}
      >
        {yLabel && (
          <Text fontSize="xs" color="fg.muted" pl="1">
            {yLabel}
          </Text>
        )}
        <Box
          position="relative"
          width={`${width}px`}
          height={`${height}px`}
          onPointerMove={onPointer}
          onPointerDown={onPointer}
          onPointerLeave={(e) => e.pointerType === 'mouse' && setActive(null)}
        >
          <PlotChart
            title={title}
            series={inView}
            kind={kind}
            xDomain={xDomain}
            yDomain={yDomain}
            width={width}
            height={height}
            padding={padding}
            barWidth={barWidthOf(barStep, xDomain, plotWidth)}
          />
          {activeTime !== null && (
            <svg width={width} height={height} aria-hidden style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
              <line
                data-crosshair
                x1={xPx(activeTime)}
                x2={xPx(activeTime)}
                y1={padding.top}
                y2={height - padding.bottom}
                stroke="#4a5568"
                strokeDasharray="3,3"
              />
              {[...rows]
                .reverse()
                .map(({ series: s, point }) =>
                  point.y === null ? null : <circle key={s.key} cx={xPx(activeTime)} cy={yPx(point.y)} r={4} fill={s.color} stroke="white" strokeWidth={1.5} />,
                )}
            </svg>
          )}
          {activeTime !== null && (
            <ChartTooltip
              id={tooltipId}
              time={formatTime(new Date(activeTime))}
              rows={rows}
              left={xPx(activeTime)}
              flip={xPx(activeTime) > width / 2}
              maxWidth={width / 2 - 12}
              top={padding.top}
              maxRows={Math.max(2, Math.floor((height - padding.top - 40) / 22))}
            />
          )}
        </Box>
        <Text srOnly aria-live="polite">
          {byKeys && activeTime !== null
            ? `${formatTime(new Date(activeTime))}: ${rows.map((r) => `${r.series.name} ${valueText(r.series, r.point)}`).join('; ')}`
            : ''}
        </Text>
      </Box>
      <OverviewChart
        key={`${fullKey}:${brushKey}`}
        series={overviewSeries}
        kind={kind}
        xDomain={full}
        zoom={zoomed ? xDomain : null}
        width={width}
        padding={padding}
        onZoom={zoomTo}
        onClear={resetZoom}
      />
      <Legend series={prepared} kind={kind} hidden={hidden} onToggle={toggle} zoomed={zoomed} onReset={resetZoom} />
      {notes}
      <Text id={hintId} srOnly>
        {T.chart.keysHint}
      </Text>
    </Stack>
  )
}

const uniqueTimes = (series: Series[]) => [...new Set(series.flatMap((s) => s.points.flatMap((p) => (p.gap ? [] : [p.x.getTime()]))))].sort((a, b) => a - b)

const barWidthOf = (step: number, [from, to]: [number, number], plotWidth: number) => Math.max(1, Math.min(40, (step / (to - from)) * plotWidth * 0.7))

const axisStyle = {
  axis: { stroke: AXIS_COLOR },
  ticks: { stroke: AXIS_COLOR, size: 4 },
  tickLabels: { fontSize: 12, fontFamily: FONT, fill: TEXT_COLOR, padding: 4 },
  grid: { stroke: 'none' },
}
const valueAxisStyle = { ...axisStyle, grid: { stroke: '#e2e8f0', strokeDasharray: '2,4' } }

type PlotProps = {
  title: string
  series: Series[]
  kind: 'line' | 'bar'
  xDomain: [number, number]
  yDomain: [number, number]
  width: number
  height: number
  padding: Padding
  barWidth: number
}

/** The chart itself; memoised, so the pointer moving over it redraws only the crosshair and the tooltip. */
const PlotChart = memo(function PlotChart({ title, series, kind, xDomain, yDomain, width, height, padding, barWidth }: PlotProps) {
  const plotWidth = width - padding.left - padding.right
  const tickFormat = timeTickFormat(xDomain[1] - xDomain[0])
  return (
    <VictoryChart
      width={width}
      height={height}
      padding={padding}
      scale={{ x: 'time', y: 'linear' }}
      domain={{ x: [new Date(xDomain[0]), new Date(xDomain[1])], y: yDomain }}
      containerComponent={<VictoryContainer responsive={false} title={title} />}
    >
      <VictoryAxis tickCount={Math.max(2, Math.floor(plotWidth / 90))} tickFormat={(t: Date | number) => tickFormat(new Date(t))} style={axisStyle} />
      <VictoryAxis
        dependentAxis
        tickCount={Math.max(3, Math.floor((height - padding.top - padding.bottom) / 50))}
        tickFormat={(t: number) => formatNumber(t)}
        style={valueAxisStyle}
      />
      {/* The first series is drawn last, on top: the legend's order is the order of importance. */}
      {[...series].reverse().flatMap((s) => (kind === 'bar' ? barsOf(s, barWidth) : linesOf(s)))}
    </VictoryChart>
  )
})

function linesOf(s: Series) {
  const runs = lineRuns(s.points)
  const stroke = { stroke: s.color, strokeWidth: s.strokeWidth ?? 1.5 }
  const out = []
  if (runs.solid.length > 0) {
    out.push(<VictoryLine key={`${s.key}:solid`} data={runs.solid} style={{ data: { ...stroke, strokeDasharray: s.dashed ? '6,3' : undefined } }} />)
  }
  if (runs.estimated.length > 0) {
    out.push(
      <VictoryLine
        key={`${s.key}:estimated`}
        data={runs.estimated}
        style={{ data: { ...stroke, strokeOpacity: ESTIMATED_OPACITY + 0.15, strokeDasharray: '2,3' } }}
      />,
    )
  }
  if (runs.lone.length > 0) {
    out.push(
      <VictoryScatter
        key={`${s.key}:lone`}
        data={runs.lone.map((p) => ({ x: p.x, y: p.y, estimated: p.estimated }))}
        size={2.5}
        style={{ data: { fill: s.color, fillOpacity: ({ datum }) => ((datum as ChartPoint).estimated ? ESTIMATED_OPACITY : 1) } }}
      />,
    )
  }
  return out
}

function barsOf(s: Series, barWidth: number) {
  const data = s.points.flatMap((p) => (p.y === null ? [] : [{ x: p.x, y: p.y, estimated: Boolean(p.estimated) }]))
  if (data.length === 0) return []
  const estimated = ({ datum }: { datum?: unknown }) => (datum as { estimated: boolean }).estimated
  return [
    <VictoryBar
      key={s.key}
      data={data}
      barWidth={barWidth}
      style={{
        data: {
          fill: s.color,
          fillOpacity: (args) => (estimated(args) ? ESTIMATED_OPACITY : 1),
          stroke: s.color,
          strokeWidth: (args) => (estimated(args) ? 1 : 0),
          strokeDasharray: (args) => (estimated(args) ? '3,2' : ''),
        },
      }}
    />,
  ]
}

type OverviewProps = {
  series: Series[]
  kind: 'line' | 'bar'
  xDomain: [number, number]
  zoom: [number, number] | null
  width: number
  padding: Padding
  onZoom: (range: [number, number]) => void
  onClear: () => void
}

/** The whole period under the chart, thin; brushing a range of it zooms the chart there. */
const OverviewChart = memo(function OverviewChart({ series, kind, xDomain, zoom, width, padding, onZoom, onClear }: OverviewProps) {
  const values = series.flatMap((s) => s.points.flatMap((p) => (p.y === null ? [] : [p.y])))
  const tickFormat = timeTickFormat(xDomain[1] - xDomain[0])
  const pad = { top: 4, bottom: 20, left: padding.left, right: padding.right }
  const toRange = (domain: { x?: unknown }) => (domain.x as [Date | number, Date | number]).map(Number) as [number, number]
  const [drawing, setDrawing] = useState(false)
  return (
    <Box aria-label={T.chart.overview} role="group">
      <VictoryChart
        width={width}
        height={OVERVIEW_HEIGHT}
        padding={pad}
        scale={{ x: 'time', y: 'linear' }}
        domain={{ x: [new Date(xDomain[0]), new Date(xDomain[1])], y: valueDomain(values) }}
        containerComponent={
          <VictoryBrushContainer
            responsive={false}
            title={T.chart.overview}
            brushDimension="x"
            brushDomain={zoom ? { x: [new Date(zoom[0]), new Date(zoom[1])] } : undefined}
            // The whole period «selected» before any zoom would look like a selection: it is drawn only once there is one.
            brushStyle={zoom || drawing ? { fill: 'rgba(49, 130, 206, 0.15)', stroke: '#3182ce', strokeWidth: 1 } : { fill: 'transparent', stroke: 'none' }}
            onBrushDomainChange={() => setDrawing(true)}
            onBrushDomainChangeEnd={(domain) => onZoom(toRange(domain))}
            onBrushCleared={onClear}
          />
        }
      >
        <VictoryAxis
          tickCount={Math.max(2, Math.floor((width - pad.left - pad.right) / 90))}
          tickFormat={(t: Date | number) => tickFormat(new Date(t))}
          style={{ ...axisStyle, tickLabels: { ...axisStyle.tickLabels, fontSize: 11 } }}
        />
        {[...series]
          .reverse()
          .map((s) =>
            kind === 'bar' ? (
              <VictoryBar
                key={s.key}
                data={s.points.filter((p) => p.y !== null).map((p) => ({ x: p.x, y: p.y }))}
                barWidth={1}
                style={{ data: { fill: s.color } }}
              />
            ) : (
              <VictoryLine key={s.key} data={s.points.map((p) => ({ x: p.x, y: p.y }))} style={{ data: { stroke: s.color, strokeWidth: 1 } }} />
            ),
          )}
      </VictoryChart>
    </Box>
  )
})

type LegendProps = {
  series: Series[]
  kind: 'line' | 'bar'
  hidden: ReadonlySet<string>
  onToggle: (key: string) => void
  zoomed: boolean
  onReset: () => void
}

/** Pressed buttons that hide and show their series (click, Enter or Space), and the zoom's reset; memoised off the pointer's path. */
const Legend = memo(function Legend({ series, kind, hidden, onToggle, zoomed, onReset }: LegendProps) {
  return (
    <>
      <Wrap gap="1" align="center" role="group" aria-label={T.chart.legend}>
        {series.map((s) => (
          // A long name wraps inside its button, cut inside a word if it has to: one line of it widened the page.
          <Button
            key={s.key}
            size="xs"
            variant="ghost"
            aria-pressed={!hidden.has(s.key)}
            onClick={() => onToggle(s.key)}
            opacity={hidden.has(s.key) ? 0.55 : 1}
            h="auto"
            minH="8"
            maxW="full"
            whiteSpace="normal"
            textAlign="start"
          >
            <Swatch series={s} kind={kind} />
            <Text as="span" minW="0" overflowWrap="anywhere" textDecoration={hidden.has(s.key) ? 'line-through' : undefined}>
              {s.unit ? `${s.name}, ${s.unit}` : s.name}
            </Text>
          </Button>
        ))}
        <Button size="xs" variant="outline" onClick={onReset} disabled={!zoomed} ms="auto">
          {T.chart.resetZoom}
        </Button>
      </Wrap>
      <Text fontSize="xs" color="fg.muted">
        {T.chart.gapsNote}. {T.chart.zoomHint}.
      </Text>
    </>
  )
})

const numberText = (s: Omit<ChartSeries, 'points'>, y: number) =>
  `${s.digits === undefined ? formatInUnit(y, s.unit) : formatNumber(y, s.digits)}${s.unit ? ` ${s.unit}` : ''}`

const valueText = (s: Omit<ChartSeries, 'points'>, point: PlotPoint) =>
  point.y === null ? T.chart.noValue : `${numberText(s, point.y)}${point.estimated ? ` (${point.note ?? T.incompleteData.toLowerCase()})` : ''}`

type TooltipProps = {
  id: string
  time: string
  rows: { series: Series; point: PlotPoint }[]
  left: number
  top: number
  flip: boolean
  /** The room on the crosshair's side of the plot (at least half of it): a longer name wraps, the values stay whole. */
  maxWidth: number
  maxRows: number
}

/** The values of every shown series at the crosshair's time; past what fits, how many more. */
function ChartTooltip({ id, time, rows, left, top, flip, maxWidth, maxRows }: TooltipProps) {
  const shown = rows.length > maxRows ? rows.slice(0, maxRows - 1) : rows
  return (
    <Box
      id={id}
      role="tooltip"
      position="absolute"
      top={`${top}px`}
      left={`${left}px`}
      transform={flip ? 'translateX(calc(-100% - 12px))' : 'translateX(12px)'}
      bg="bg"
      borderWidth="1px"
      borderRadius="md"
      boxShadow="md"
      px="3"
      py="2"
      fontSize="sm"
      pointerEvents="none"
      whiteSpace="nowrap"
      width="max-content"
      maxW={`${maxWidth}px`}
      zIndex="1"
    >
      <Text fontWeight="semibold">{time}</Text>
      <Box as="ul" listStyleType="none">
        {shown.map(({ series: s, point }) => (
          <HStack as="li" key={s.key} gap="2">
            <Box boxSize="2.5" borderRadius="full" bg={s.color} flexShrink={0} />
            <Text as="span" minW="0" whiteSpace="normal" overflowWrap="anywhere">
              {s.name}:
            </Text>
            <Text as="span" fontWeight="medium" ms="auto">
              {point.y === null ? T.chart.noValue : numberText(s, point.y)}
            </Text>
            {point.y !== null && point.estimated && (
              <Text as="span" color="fg.muted">
                ({point.note ?? T.incompleteData.toLowerCase()})
              </Text>
            )}
          </HStack>
        ))}
        {shown.length < rows.length && (
          <Text as="li" color="fg.muted">
            {T.chart.more(rows.length - shown.length)}
          </Text>
        )}
      </Box>
    </Box>
  )
}

/** A legend entry's sample of its line: solid, dashed, or a block for bars. */
function Swatch({ series: s, kind }: { series: Omit<ChartSeries, 'points'>; kind: 'line' | 'bar' }) {
  return (
    <svg width="18" height="10" aria-hidden>
      {kind === 'bar' ? (
        <rect x="3" y="0" width="12" height="10" rx="1" fill={s.color} />
      ) : (
        <line x1="0" x2="18" y1="5" y2="5" stroke={s.color} strokeWidth={Math.max(2, s.strokeWidth ?? 2)} strokeDasharray={s.dashed ? '4,2' : undefined} />
      )}
    </svg>
  )
}

/** The element's width in px, followed as it changes (the fallback until it is laid out, and in tests). */
function useElementWidth<E extends HTMLElement>(fallback: number) {
  const ref = useRef<E>(null)
  const [width, setWidth] = useState(fallback)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => {
      const next = Math.floor(element.clientWidth)
      if (next > 0) setWidth(next)
    }
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [ref, width] as const
}
