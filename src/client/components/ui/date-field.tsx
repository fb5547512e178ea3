import { useId, useState, type ReactNode } from 'react'
import { flushSync } from 'react-dom'
import { DatePicker, Field, HStack, parseDate } from '@chakra-ui/react'
import { Calendar } from 'lucide-react'
import dayjs from 'dayjs'
import { T } from '../../../shared/texts'
import { formatDate } from '../../lib/format'
import { SelectField, TextField } from './fields'

// parseDate is overloaded; ReturnType takes its list form.
type DateValue = ReturnType<typeof parseDate>[number]

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

/** The calendar's parts named in Russian for a screen reader. */
const CALENDAR_TRANSLATIONS: DatePicker.RootProps['translations'] = {
  content: T.calendar.name,
  trigger: (open) => (open ? T.calendar.close : T.calendar.open),
  dayCell: (day) =>
    day.unavailable ? T.calendar.unavailable(day.valueText) : day.selected ? T.calendar.chosen(day.valueText) : T.calendar.choose(day.valueText),
  prevTrigger: (view) => T.calendar.previous[view],
  nextTrigger: (view) => T.calendar.next[view],
  viewTrigger: (view, nextView) => T.calendar.choosePart[nextView ?? view],
  monthSelect: T.calendar.month,
  yearSelect: T.calendar.year,
  clearTrigger: T.calendar.clear,
  weekColumnHeader: T.calendar.week,
  weekNumberCell: T.calendar.weekNumber,
}

/**
 * A date field that shows and takes DD.MM.YYYY whatever the browser's locale (a native date input follows the
 * browser's), with a calendar in Russian starting on Monday. The form speaks ISO dates.
 */
export function DateField({ label, value, onChange, error, required, helper, disabled }: DateFieldProps) {
  // A typed text that is no date stays in the field with its message, as a number's or a time's does, so that the user
  // sees what to fix; the form is handed no date (''), so that it never goes on with the last one unseen. The picker
  // keeps its last date meanwhile (`held`): handed none, it would write '' over the text. A date the form sets ends it
  // (a form that takes no empty date, a chart's period, keeps its last one: the message stays until a date is typed).
  const [held, setHeld] = useState<DateValue[] | null>(null)
  const [seen, setSeen] = useState(value)
  if (value !== seen) {
    setSeen(value)
    if (value) setHeld(null)
  }
  // A text it cannot read is told as such: the form, handed no date, would only say the date is missing.
  const shown = held ? T.dateFormat : error
  // The picker's input is no field control of Chakra's: the text under it is tied to it here, for a screen reader.
  const noteId = useId()
  /** Takes the typed text: a date goes to the form, a text that is no date is held with its message. */
  const take = (text: string) => {
    const date = parseRussianDate(text)
    if (date || text.trim() === '') {
      setHeld(null)
      if (date && date.toString() !== value) onChange(date.toString())
    } else {
      setHeld(held ?? toValue(value))
      if (value) onChange('')
    }
    return date
  }
  return (
    <Field.Root invalid={Boolean(shown)} required={required} disabled={disabled}>
      <DatePicker.Root
        width="full"
        translations={CALENDAR_TRANSLATIONS}
        locale="ru-RU"
        startOfWeek={1}
        disabled={disabled}
        value={held ?? toValue(value)}
        onValueChange={(e) => onChange(e.value[0]?.toString() ?? '')}
        format={(date) => formatDate(date.toString())}
        parse={parseRussianDate}
        positioning={{ strategy: 'fixed' }}
        // The calendar is built when opened: a form with several dates stays light on a tablet.
        lazyMount
        unmountOnExit
      >
        {/* Laid out as every other field's label: its recipe has no gap, and «Дата снятия*» stood without a space. */}
        <DatePicker.Label display="flex" alignItems="center" gap="1">
          {label}
          {required && <Field.RequiredIndicator />}
        </DatePicker.Label>
        <DatePicker.Control>
          <DatePicker.Input
            placeholder={T.datePlaceholder}
            inputMode="numeric"
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown || helper ? noteId : undefined}
            // The picker's own blur would put the last date back over a text it cannot read.
            fixOnBlur={false}
            onBlur={(e) => take(e.currentTarget.value)}
            onKeyDown={(e) => {
              // The picker's own Enter writes the previous value's text into a controlled field; take the typed date here,
              // then send the form with it, as Enter in a text field does.
              if (e.key !== 'Enter') return
              e.preventDefault()
              const text = e.currentTarget.value
              if (!flushSync(() => take(text))) return
              e.currentTarget.form?.requestSubmit()
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
      {helper && !shown && <Field.HelperText id={noteId}>{helper}</Field.HelperText>}
      {shown && <Field.ErrorText id={noteId}>{shown}</Field.ErrorText>}
    </Field.Root>
  )
}

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/

type DateTimeFieldProps = Omit<DateFieldProps, 'label'> & { dateLabel: string; timeLabel: string }

/** A moment as a DD.MM.YYYY date and a 24-hour ЧЧ:ММ time; `value` and `onChange` speak ISO instants ('' when empty). */
export function DateTimeField({ dateLabel, timeLabel, value, onChange, error, required, disabled }: DateTimeFieldProps) {
  const at = value ? dayjs(value) : null
  const [time, setTime] = useState(at ? at.format('HH:mm') : '')
  const date = at ? at.format('YYYY-MM-DD') : ''
  const moment = (day: string, clock: string) => (day ? dayjs(`${day}T${TIME.test(clock) ? clock.padStart(5, '0') : '00:00'}`).toISOString() : '')
  return (
    <HStack align="start" gap="3">
      <DateField label={dateLabel} required={required} disabled={disabled} value={date} error={error} onChange={(day) => onChange(moment(day, time))} />
      <TextField
        label={timeLabel}
        required={required}
        disabled={disabled}
        inputMode="numeric"
        placeholder={T.timePlaceholder}
        maxLength={5}
        value={time}
        error={time && !TIME.test(time) ? T.timeFormat : undefined}
        onChange={(text) => {
          setTime(text)
          if (TIME.test(text) && date) onChange(moment(date, text))
        }}
      />
    </HStack>
  )
}

const monthName = new Intl.DateTimeFormat('ru-RU', { month: 'long', year: 'numeric' })

/** A month of the last `months` ones, named in Russian («ноябрь 2026»); `value` is YYYY-MM. */
export function MonthField({ label, value, onChange, months = 36 }: { label: string; value: string; onChange: (value: string) => void; months?: number }) {
  const options = Array.from({ length: months }, (_, back) => {
    const month = dayjs().startOf('month').subtract(back, 'month')
    return { value: month.format('YYYY-MM'), label: monthName.format(month.toDate()).replace(/\s*г\.$/, '') }
  })
  return <SelectField label={label} value={value} options={options} onChange={(month) => month && onChange(month)} />
}
