import { Box } from '@chakra-ui/react'
import { PHASE_EXTRA_ANGLE, PHASE_SCALE } from '../../../../shared/constants'
import type { PhaseRow } from '../../../../shared/schemas/collection'

const SIZE = 400
const CENTER = SIZE / 2
const NOMINAL_VOLTAGE = 230
const COLORS = ['#d4a017', '#2f855a', '#c53030']
const NAMES = ['A', 'B', 'C']

type Vector = { phase: number; kind: 'U' | 'I'; length: number; angle: number }

const rowOf = (rows: PhaseRow[], prefix: string) => rows.find((r) => r.name.startsWith(prefix))
const valuesOf = (row: PhaseRow | undefined) => [row?.v1 ?? null, row?.v2 ?? null, row?.v3 ?? null]

/**
 * Phase vectors: voltage A at 0°, B and C turned by the measured angles between phases (120° when absent); each
 * current turned from its voltage by φ = arccos(cos φ), lagging when reactive power is positive. Lengths follow the
 * spec's scales: voltage 140 px at the nominal 230 V, at most 165 px; current 70 px for the largest phase current,
 * at most 140 px. Labels sit PHASE_EXTRA_ANGLE degrees beside their arrow's tip.
 */
function phaseVectors(rows: PhaseRow[]): Vector[] {
  const [voltageCap, voltageBase] = PHASE_SCALE.voltage
  const [currentCap, currentBase] = PHASE_SCALE.current
  const voltage = valuesOf(rowOf(rows, 'Напряжение'))
  const current = valuesOf(rowOf(rows, 'Ток'))
  const cos = valuesOf(rowOf(rows, 'Коэффициент'))
  const reactive = valuesOf(rowOf(rows, 'Реактивная'))
  const between = valuesOf(rowOf(rows, 'Угол'))
  const maxCurrent = Math.max(...current.map((i) => i ?? 0))
  const vectors: Vector[] = []
  let angle = 0
  for (let phase = 0; phase < 3; phase++) {
    if (phase > 0) angle -= between[phase - 1] ?? 120
    const u = voltage[phase] ?? null
    if (u === null) continue
    vectors.push({ phase, kind: 'U', angle, length: Math.min(voltageCap, (voltageBase * u) / NOMINAL_VOLTAGE) })
    const i = current[phase] ?? null
    if (i === null || maxCurrent === 0) continue
    const phi = (Math.acos(Math.min(1, Math.abs(cos[phase] ?? 1))) * 180) / Math.PI
    const lag = (reactive[phase] ?? 0) >= 0 ? -phi : phi
    vectors.push({ phase, kind: 'I', angle: angle + lag, length: Math.min(currentCap, (currentBase * i) / maxCurrent) })
  }
  return vectors
}

const point = (length: number, degrees: number) => {
  const radians = (degrees * Math.PI) / 180
  return { x: CENTER + length * Math.cos(radians), y: CENTER - length * Math.sin(radians) }
}

/** Past the tip, the room a two-letter label at 13 px («UA», «IC») takes beside it. */
const LABEL_PAST_TIP = 12

/**
 * The centre of a vector's label: PHASE_EXTRA_ANGLE degrees beside its tip, on the side away from the other arrow
 * of its phase (a current in phase with its voltage lies along it, and their labels on one side overlapped it).
 */
function labelCentre(vector: Vector, vectors: Vector[]) {
  const partner = vectors.find((v) => v.phase === vector.phase && v.kind !== vector.kind)
  const turn = partner ? vector.angle - partner.angle : 0
  const side = turn > 0 || (turn === 0 && vector.kind === 'U') ? 1 : -1
  return point(vector.length + LABEL_PAST_TIP, vector.angle + side * PHASE_EXTRA_ANGLE)
}

export function VectorDiagram({ rows }: { rows: PhaseRow[] }) {
  const vectors = phaseVectors(rows)
  return (
    <Box maxW="400px" w="full">
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-label="Векторная диаграмма напряжений и токов по фазам">
        <defs>
          {COLORS.map((color, index) => (
            <marker key={index} id={`arrow-${index}`} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" fill={color} />
            </marker>
          ))}
        </defs>
        <circle cx={CENTER} cy={CENTER} r={PHASE_SCALE.voltage[1]} fill="none" stroke="#cbd5e0" strokeDasharray="4 4" />
        <line x1={CENTER - 190} y1={CENTER} x2={CENTER + 190} y2={CENTER} stroke="#e2e8f0" />
        <line x1={CENTER} y1={CENTER - 190} x2={CENTER} y2={CENTER + 190} stroke="#e2e8f0" />
        {vectors.map((vector) => {
          const tip = point(vector.length, vector.angle)
          const label = labelCentre(vector, vectors)
          return (
            <g key={`${vector.kind}${vector.phase}`}>
              <line
                x1={CENTER}
                y1={CENTER}
                x2={tip.x}
                y2={tip.y}
                stroke={COLORS[vector.phase]}
                strokeWidth={vector.kind === 'U' ? 3 : 2}
                strokeDasharray={vector.kind === 'I' ? '6 3' : undefined}
                markerEnd={`url(#arrow-${vector.phase})`}
              />
              <text x={label.x} y={label.y} fontSize="13" fill={COLORS[vector.phase]} textAnchor="middle" dominantBaseline="central">
                {vector.kind}
                {NAMES[vector.phase]}
              </text>
            </g>
          )
        })}
      </svg>
    </Box>
  )
}
