import { describe, expect, it } from 'vitest'
import { ChakraProvider } from '@chakra-ui/react'
import { render, screen } from '@testing-library/react'
import { appSystem } from '../../../../src/client/app/system'
import { VectorDiagram } from '../../../../src/client/features/collection/components/vector-diagram'
import type { PhaseRow } from '../../../../src/shared/schemas/collection'

// A single-phase meter's current lies along its voltage: its label «IA» was written over the voltage's arrow.
// jsdom measures no SVG text, so the label's box is taken as 18 × 14 px (two letters at 13 px) around its centre, or
// above its baseline when the text is not centred vertically, and the lines are walked point by point.

const row = (name: string, v1: number | null, measure: string): PhaseRow => ({ name, v1, v2: null, v3: null, v4: null, measure })

function labelBox(text: SVGTextElement) {
  const x = Number(text.getAttribute('x'))
  const y = Number(text.getAttribute('y'))
  const centred = text.getAttribute('dominant-baseline') === 'central'
  return { left: x - 9, right: x + 9, top: centred ? y - 7 : y - 10, bottom: centred ? y + 7 : y }
}

function crosses(line: SVGLineElement, box: ReturnType<typeof labelBox>) {
  const [x1, y1, x2, y2] = ['x1', 'y1', 'x2', 'y2'].map((a) => Number(line.getAttribute(a)))
  const half = Number(line.getAttribute('stroke-width')) / 2
  for (let step = 0; step <= 200; step++) {
    const x = x1! + ((x2! - x1!) * step) / 200
    const y = y1! + ((y2! - y1!) * step) / 200
    if (x >= box.left - half && x <= box.right + half && y >= box.top - half && y <= box.bottom + half) return true
  }
  return false
}

function labelsOverArrows(rows: PhaseRow[]) {
  render(
    <ChakraProvider value={appSystem()}>
      <VectorDiagram rows={rows} />
    </ChakraProvider>,
  )
  const svg = screen.getByRole('img', { name: 'Векторная диаграмма напряжений и токов по фазам' })
  const lines = [...svg.querySelectorAll<SVGLineElement>('g line')]
  return [...svg.querySelectorAll<SVGTextElement>('text')].flatMap((text) => lines.filter((line) => crosses(line, labelBox(text))).map(() => text.textContent))
}

describe('the vector diagram', () => {
  it('keeps a single-phase meter’s labels off the arrows, the current in phase with its voltage', () => {
    expect(labelsOverArrows([row('Напряжение', 230, 'В'), row('Ток', 5, 'А'), row('Коэффициент мощности', 1, '')])).toEqual([])
  })

  it('keeps a three-phase meter’s labels off the arrows', () => {
    const three = (name: string, values: [number, number, number], measure: string): PhaseRow => ({
      name,
      v1: values[0],
      v2: values[1],
      v3: values[2],
      v4: null,
      measure,
    })
    expect(
      labelsOverArrows([
        three('Напряжение', [231, 229, 230], 'В'),
        three('Ток', [12, 3, 7.5], 'А'),
        three('Коэффициент мощности', [0.95, 0.5, 0.99], ''),
        three('Реактивная мощность', [0.8, -1.2, 0.1], 'кВар'),
      ]),
    ).toEqual([])
  })

  it('keeps them off when the current leads or lags a little', () => {
    expect(
      labelsOverArrows([row('Напряжение', 228, 'В'), row('Ток', 4, 'А'), row('Коэффициент мощности', 0.97, ''), row('Реактивная мощность', -0.3, 'кВар')]),
    ).toEqual([])
  })
})
