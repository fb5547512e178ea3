import type { ReactNode } from 'react'
import { DatePicker, Field, parseDate } from '@chakra-ui/react'
import { Calendar } from 'lucide-react'
import dayjs from 'dayjs'
import { T } from '../../../shared/texts'
import { formatDate } from '../../lib/format'

type DateValue = ReturnType<typeof parseDate>

/** A typed DD.MM.YYYY (or D.M.YYYY) as a calendar date; anything else is no date. */
export function parseRussianDate(text: string): DateValue | undefined {
  const match = /^\s*(\d{1,2})\.(\d{1,2})\.(\d{4})\s*$/.exec(text)
  if (!match) return undefined
  const iso = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`
  return dayjs(iso, 'YYYY-MM-DD').format('YYYY-MM-DD') === iso ? parseDate(iso) : undefined
}

const toValue = (iso: string | null | undefined): DateValue[] => {
  if (!iso) return []
  try {
    return [parseDate(iso.slice(0, 10))]
  } catch {
    return []
  }
}

type DateFieldProps = {
  label: string
  /** ISO YYYY-MM-DD; '' when empty. */
  value: string | null | undefined
  onChange: (value: string) => void
  error?: string
  required?: boolean
  helper?: ReactNode
  disabled?: boolean
}

/**
 * A date field that shows and takes DD.MM.YYYY whatever the browser's locale (a native date input follows the
 * browser's), with a calendar in Russian starting on Monday. The form speaks ISO dates.
 */
export function DateField({ label, value, onChange, error, required, helper, disabled }: DateFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <DatePicker.Root
        width="full"
        locale="ru-RU"
        startOfWeek={1}
        disabled={disabled}
        value={toValue(value)}
        onValueChange={(e) => onChange(e.value[0]?.toString() ?? '')}
        format={(date) => formatDate(date.toString())}
        parse={parseRussianDate}
        positioning={{ strategy: 'fixed' }}
      >
        <DatePicker.Label>
          {label}
          {required && <Field.RequiredIndicator />}
        </DatePicker.Label>
        <DatePicker.Control>
          <DatePicker.Input
            placeholder={T.datePlaceholder}
            inputMode="numeric"
            aria-invalid={error ? true : undefined}
            onKeyDown={(e) => {
              // The picker's own Enter writes the previous value's text into a controlled field; take the typed date here.
              if (e.key !== 'Enter') return
              e.preventDefault()
              const date = parseRussianDate(e.currentTarget.value)
              if (date) onChange(date.toString())
            }}
          />
          <DatePicker.IndicatorGroup>
            <DatePicker.Trigger aria-label={T.openCalendar(label)}>
              <Calendar size={16} aria-hidden />
            </DatePicker.Trigger>
          </DatePicker.IndicatorGroup>
        </DatePicker.Control>
        <DatePicker.Positioner>
          <DatePicker.Content>
            <DatePicker.View view="day">
              <DatePicker.Header />
              <DatePicker.DayTable />
            </DatePicker.View>
            <DatePicker.View view="month">
              <DatePicker.Header />
              <DatePicker.MonthTable />
            </DatePicker.View>
            <DatePicker.View view="year">
              <DatePicker.Header />
              <DatePicker.YearTable />
            </DatePicker.View>
          </DatePicker.Content>
        </DatePicker.Positioner>
      </DatePicker.Root>
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  )
}
