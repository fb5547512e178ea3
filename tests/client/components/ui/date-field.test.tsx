import { describe, expect, it } from 'vitest'
import { useState } from 'react'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ChakraProvider } from '@chakra-ui/react'
import { appSystem } from '../../../../src/client/app/system'
import { DateField, DateTimeField, MonthField, parseRussianDate } from '../../../../src/client/components/ui/date-field'
import dayjs from 'dayjs'
import { T } from '../../../../src/shared/texts'

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

  // UX probe: «Дата снятия*» stood without the space every other field's label has before its asterisk.
  it('lays out its label as other fields do, the asterisk of a required one apart', () => {
    render(
      <ChakraProvider value={appSystem()}>
        <DateField label="Дата снятия" value="" onChange={() => {}} required />
      </ChakraProvider>,
    )
    const label = screen.getByText('Дата снятия')
    expect(getComputedStyle(label).display).toBe('flex')
    expect(getComputedStyle(label).gap).not.toBe('')
  })

  it('names every part of its calendar in Russian for a screen reader', async () => {
    const user = userEvent.setup()
    render(<Form initial="2024-03-01" />)
    await user.click(screen.getByRole('button', { name: T.openCalendar('Дата установки') }))
    await screen.findByRole('grid')
    const labels = [...document.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label')!)
    expect(labels.length).toBeGreaterThan(30)
    expect(labels.filter((label) => /[A-Za-z]{3,}/.test(label))).toEqual([])
  })

  it('says what is wrong with a date it cannot read, instead of dropping it', async () => {
    const user = userEvent.setup()
    render(<Form initial="2024-03-01" />)
    const input = screen.getByLabelText('Дата установки')
    for (const typed of ['abc', '31.02.2026']) {
      await user.clear(input)
      await user.type(input, typed)
      await user.tab()
      expect(screen.getByText(T.dateFormat)).toBeTruthy()
    }
    await user.clear(input)
    await user.type(input, '28.02.2026')
    await user.tab()
    expect(screen.queryByText(T.dateFormat)).toBeNull()
    expect(screen.getByLabelText('значение').textContent).toBe('2026-02-28')
  })

  it('keeps a date it cannot read as typed, with its message, and leaves the form no date to send', async () => {
    const user = userEvent.setup()
    render(<Form initial="2026-10-31" />)
    const input = screen.getByLabelText('Дата установки')
    expect(input).toHaveValue('31.10.2026')
    await user.clear(input)
    await user.type(input, '32.13.2026')
    await user.tab()
    // The typed text stays, so that the user sees what to fix; the form does not go on with the last date.
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(input).toHaveValue('32.13.2026')
    expect(screen.getByText(T.dateFormat)).toBeTruthy()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText('значение').textContent).toBe('')

    await user.clear(input)
    await user.type(input, '28.02.2026')
    await user.tab()
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(input).toHaveValue('28.02.2026')
    expect(screen.queryByText(T.dateFormat)).toBeNull()
    expect(screen.getByLabelText('значение').textContent).toBe('2026-02-28')
  })

  it('shows a date the form sets while it holds a text it cannot read, and drops the message', async () => {
    function Preset() {
      const [value, setValue] = useState('2026-10-31')
      return (
        <ChakraProvider value={appSystem()}>
          <DateField label="Дата отчёта" value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue('2026-11-01')}>
            Начало месяца
          </button>
        </ChakraProvider>
      )
    }
    const user = userEvent.setup()
    render(<Preset />)
    const input = screen.getByLabelText('Дата отчёта')
    await user.clear(input)
    await user.type(input, '32.13.2026')
    await user.tab()
    expect(screen.getByText(T.dateFormat)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Начало месяца' }))
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(input).toHaveValue('01.11.2026')
    expect(screen.queryByText(T.dateFormat)).toBeNull()
  })

  it('sends its form on Enter with the date just typed, as a text field does', async () => {
    const sent: string[] = []
    function Sending() {
      const [value, setValue] = useState('2024-03-01')
      return (
        <ChakraProvider value={appSystem()}>
          <form
            onSubmit={(e) => {
              e.preventDefault()
              sent.push(value)
            }}
          >
            <DateField label="Дата снятия" value={value} onChange={setValue} />
          </form>
        </ChakraProvider>
      )
    }
    const user = userEvent.setup()
    render(<Sending />)
    const input = screen.getByLabelText('Дата снятия')
    await user.clear(input)
    await user.type(input, '15.04.2025{Enter}')
    expect(sent).toEqual(['2025-04-15'])
  })

  it('reads only real dates written the Russian way', () => {
    expect(parseRussianDate('5.4.2025')?.toString()).toBe('2025-04-05')
    expect(parseRussianDate('31.02.2025')).toBeUndefined()
    expect(parseRussianDate('2025-04-15')).toBeUndefined()
    expect(parseRussianDate('04/15/2025')).toBeUndefined()
  })
})

function MomentForm() {
  const [value, setValue] = useState('')
  return (
    <ChakraProvider value={appSystem()}>
      <DateTimeField dateLabel="Дата запуска" timeLabel="Время запуска" value={value} onChange={setValue} />
      <output aria-label="значение">{value}</output>
    </ChakraProvider>
  )
}

describe('a date and time field', () => {
  it('takes a Russian date and a 24-hour time and hands the form the instant', async () => {
    const user = userEvent.setup()
    render(<MomentForm />)
    await user.type(screen.getByLabelText('Дата запуска'), '03.12.2026')
    await user.tab()
    await user.type(screen.getByLabelText('Время запуска'), '7:5')
    expect(screen.getByText('Введите время как ЧЧ:ММ, например 08:30')).toBeTruthy()
    await user.type(screen.getByLabelText('Время запуска'), '0')
    expect(screen.getByLabelText('значение').textContent).toBe(dayjs('2026-12-03T07:50').toISOString())
    expect(screen.queryByText('Введите время как ЧЧ:ММ, например 08:30')).toBeNull()
  })
})

describe('a month field', () => {
  it('names the months in Russian and hands the form YYYY-MM', async () => {
    const user = userEvent.setup()
    const chosen: string[] = []
    render(
      <ChakraProvider value={appSystem()}>
        <MonthField label="Месяц" value="2026-11" onChange={(m) => chosen.push(m)} months={60} />
      </ChakraProvider>,
    )
    const select = screen.getByLabelText('Месяц') as HTMLSelectElement
    expect(screen.getByRole('option', { name: 'март 2024' })).toBeTruthy()
    await user.selectOptions(select, 'март 2024')
    expect(chosen).toEqual(['2024-03'])
  })
})
