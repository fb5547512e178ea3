import { describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import { ChakraProvider } from '@chakra-ui/react'
import { appSystem } from '../../../../src/client/app/system'
import { PhaseView } from '../../../../src/client/features/collection/components/phase-table'

// Issue 20 point 4: the phase table wrote «120.38999999999999» as the meter's float arrived.

describe('the phase table', () => {
  it('writes values with a decimal comma and the precision of their unit', () => {
    render(
      <ChakraProvider value={appSystem()}>
        <PhaseView
          data={{
            values_date: '2026-11-23T10:00:00Z',
            values: [
              { name: 'Угол', v1: 120.38999999999999, v2: 239.8, v3: 0, v4: null, measure: '°' },
              { name: 'Ток', v1: 5.12345, v2: 4.9, v3: 5, v4: 15.02345, measure: 'А' },
            ],
          }}
        />
      </ChakraProvider>,
    )
    const [angle, current] = within(screen.getByRole('table', { name: 'Значения по фазам' }))
      .getAllByRole('row')
      .slice(1)
    expect(
      within(angle!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Угол', '120,39', '239,80', '0,00', '—', '°'])
    expect(
      within(current!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Ток', '5,123', '4,900', '5,000', '15,023', 'А'])
  })
})
