import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import * as v from 'valibot'
import { issueField } from '../../../shared/schemas/common'
import { T } from '../../../shared/texts'
import { ApiError } from '../../lib/api-client'
import { notify } from './notify'

type Values = Record<string, unknown>

function firstMessages(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {}
  for (const issue of issues) {
    const key = issueField(issue)
    if (key && !(key in errors)) errors[key] = issue.message
  }
  return errors
}

/** Focuses (and so scrolls into view) the first field of `form` marked invalid: a long form's faults stay in sight. */
export function focusFirstInvalid(form: ParentNode | null | undefined) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
}

/**
 * A form checked with a shared valibot schema: values, their messages, whether anything changed
 * (save and cancel appear only then), and the server's field messages after a 400.
 */
export function useForm<TSchema extends v.GenericSchema, TInitial extends Values>(schema: TSchema, initial: TInitial) {
  const [base, setBase] = useState<TInitial>(initial)
  const [values, setValues] = useState<TInitial>(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [submitting, setSubmitting] = useState(false)
  // The submitted form, and a tick bumped when its messages are set: once they render, the first faulty field gets the focus.
  const submitted = useRef<HTMLElement | null>(null)
  const [faultTick, setFaultTick] = useState(0)
  useEffect(() => {
    if (faultTick > 0) focusFirstInvalid(submitted.current)
  }, [faultTick])

  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(base), [values, base])

  const set = useCallback(<K extends keyof TInitial>(name: K, value: TInitial[K]) => {
    setValues((current) => ({ ...current, [name]: value }))
    setErrors((current) => {
      if (!(name in current)) return current
      const { [name as string]: _, ...rest } = current
      return rest
    })
  }, [])

  /** Fills a field for the user (the only choice there is) as if the form had started so: it does not count as a change. */
  const preset = useCallback(<K extends keyof TInitial>(name: K, value: TInitial[K]) => {
    setBase((current) => ({ ...current, [name]: value }))
    setValues((current) => ({ ...current, [name]: value }))
  }, [])

  const reset = useCallback(
    (next?: TInitial) => {
      const target = next ?? base
      setBase(target)
      setValues(target)
      setErrors({})
    },
    [base],
  )

  /** Sets the fields' messages and moves the focus to the first faulty field of the submitted form. */
  const showErrors = (next: Record<string, string>) => {
    setErrors(next)
    setFaultTick((t) => t + 1)
  }

  /**
   * Validates, then runs `action` with the parsed values; a 400 from the server lands on the fields. Either way the
   * focus goes to the first faulty field of the form submitted (the event's `currentTarget`).
   */
  const submit = (action: (parsed: v.InferOutput<TSchema>) => Promise<unknown>) => async (event?: { preventDefault(): void; currentTarget?: unknown }) => {
    event?.preventDefault()
    // Read now: React clears an event's currentTarget once its handler returns.
    submitted.current = event?.currentTarget instanceof HTMLElement ? event.currentTarget : null
    const result = v.safeParse(schema, values)
    if (!result.success) {
      showErrors(firstMessages(result.issues))
      return
    }
    setSubmitting(true)
    try {
      await action(result.output)
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
        showErrors(Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [field, messages[0] ?? ''])))
        const unknownFields = Object.keys(error.fields).filter((field) => !(field in values))
        if (unknownFields.length) notify.error(error)
      } else {
        notify.error(error, T.notSavedOffline)
      }
    } finally {
      setSubmitting(false)
    }
  }

  /** A field's value, change and message, spread onto a field: `<TextField label="…" {...form.field('name')} />`. */
  const field = <K extends keyof TInitial & string>(name: K) => ({
    value: values[name],
    onChange: (value: TInitial[K]) => set(name, value),
    error: errors[name],
  })

  return { values, errors, dirty, submitting, set, preset, field, reset, submit, setValues, setErrors }
}
