import { useEffect, useState } from 'react'
import { MONITORING_REFRESH_MAX_S, MONITORING_REFRESH_MIN_S } from '../../../../shared/constants'
import { T } from '../../../../shared/texts'
import { NumberField } from '../../../components/ui/fields'
import { effectiveRefreshSeconds } from './monitoring-settings'

/**
 * Monitoring's own refresh period: any number may be typed; the 10–600 s limits apply when the field is left (or
 * Enter pressed), and the hint then says what was set. Empty or 0 turns the refresh off; text that is no whole number
 * stays as typed with its message and changes nothing.
 */
export function RefreshSecondsField({ value, onChange }: { value: number; onChange: (seconds: number) => void }) {
  const [text, setText] = useState(value ? String(value) : '')
  const [clamped, setClamped] = useState<number | null>(null)
  const [wrong, setWrong] = useState(false)
  // A period chosen elsewhere (the list next to it) shows here too, in place of a text that was no number.
  useEffect(() => {
    setText(value ? String(value) : '')
    setWrong(false)
  }, [value])

  const apply = () => {
    if (!/^\s*\d*\s*$/.test(text)) return setWrong(true)
    const typed = Number(text)
    const seconds = effectiveRefreshSeconds(typed)
    setClamped(seconds !== 0 && seconds !== typed ? seconds : null)
    setText(seconds ? String(seconds) : '')
    if (seconds !== value) onChange(seconds)
  }

  return (
    <NumberField
      label="Своё значение, с"
      integer
      value={text}
      onChange={(typed) => {
        setText(typed)
        setClamped(null)
        setWrong(false)
      }}
      onBlur={apply}
      onEnter={apply}
      error={wrong ? T.mustBeInteger : undefined}
      helper={
        clamped === null
          ? T.refreshLimits(MONITORING_REFRESH_MIN_S, MONITORING_REFRESH_MAX_S)
          : T.refreshClamped(MONITORING_REFRESH_MIN_S, MONITORING_REFRESH_MAX_S, clamped)
      }
    />
  )
}
