import { describe, expect, it } from 'vitest'
import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ChakraProvider } from '@chakra-ui/react'
import { appSystem } from '../../src/client/app/system'
import { DateField, parseRussianDate } from '../../src/client/components/ui/date-field'

function Form({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial)
  return (
    <ChakraProvider value={appSystem()}>
      <DateField label="Дата установки" value={value} onChange={setValue} />
      <output aria-label="значение">{value}</output>
    </ChakraProvider>
  )
}

describe('a date field', () => {
  it('shows DD.MM.YYYY in an en-US browser and hands the form an ISO date', async () => {
    const user = userEvent.setup()
    render(<Form initial="2024-03-01" />)
    const input = screen.getByLabelText('Дата установки') as HTMLInputElement
    expect(input.value).toBe('01.03.2024')
    await user.clear(input)
    await user.type(input, '15.04.2025{Enter}')
    expect(screen.getByLabelText('значение').textContent).toBe('2025-04-15')
    expect(input.value).toBe('15.04.2025')
  })

  it('reads only real dates written the Russian way', () => {
    expect(parseRussianDate('5.4.2025')?.toString()).toBe('2025-04-05')
    expect(parseRussianDate('31.02.2025')).toBeUndefined()
    expect(parseRussianDate('2025-04-15')).toBeUndefined()
    expect(parseRussianDate('04/15/2025')).toBeUndefined()
  })
})
