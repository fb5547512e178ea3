import { useEffect, useState } from 'react'
import { Input } from '@chakra-ui/react'
import { MONITORING_REFRESH_MAX_S, MONITORING_REFRESH_MIN_S } from '../../../../shared/constants'
import { T } from '../../../../shared/texts'
import { FieldShell } from '../../../components/ui/fields'
import { effectiveRefreshSeconds } from './monitoring-settings'

/**
 * Monitoring's own refresh period: any number may be typed; the 10–600 s limits apply when the field is left (or
 * Enter pressed), and the hint then says what was set. Empty or 0 turns the refresh off.
 */
export function RefreshSecondsField({ value, onChange }: { value: number; onChange: (seconds: number) => void }) {
  const [text, setText] = useState(value ? String(value) : '')
  const [clamped, setClamped] = useState<number | null>(null)
  // A period chosen elsewhere (the list next to it) shows here too.
  useEffect(() => setText(value ? String(value) : ''), [value])

  const apply = () => {
    const typed = Number(text)
    const seconds = effectiveRefreshSeconds(typed)
    setClamped(seconds !== 0 && seconds !== typed ? seconds : null)
    setText(seconds ? String(seconds) : '')
    if (seconds !== value) onChange(seconds)
  }

  return (
    <FieldShell
      label="Своё значение, с"
      helper={
        clamped === null
          ? T.refreshLimits(MONITORING_REFRESH_MIN_S, MONITORING_REFRESH_MAX_S)
          : T.refreshClamped(MONITORING_REFRESH_MIN_S, MONITORING_REFRESH_MAX_S, clamped)
      }
    >
      <Input
        inputMode="numeric"
        value={text}
        onChange={(e) => {
          setText(e.target.value.replace(/\D/g, ''))
          setClamped(null)
        }}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return
          e.preventDefault()
          apply()
        }}
      />
    </FieldShell>
  )
}
