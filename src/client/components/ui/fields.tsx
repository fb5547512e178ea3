import type { ReactNode } from 'react'
import { Box, Button, Field, HStack, Input, NativeSelect, Textarea } from '@chakra-ui/react'
import { T } from '../../../shared/texts'
import { UPLOAD_ACCEPT, uploadProblem } from '../../../shared/validation/upload'

type FieldShellProps = { label: string; error?: string; required?: boolean; disabled?: boolean; helper?: ReactNode; children: ReactNode }

/** Label, control and the field's message, wired for screen readers. */
function FieldShell({ label, error, required, disabled, helper, children }: FieldShellProps) {
  return (
    // The field's context disables its control: a control's own prop loses to it.
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {children}
      {helper && !error && <Field.HelperText>{helper}</Field.HelperText>}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  )
}

type TextFieldProps = {
  label: string
  value: string | number | null | undefined
  onChange: (value: string) => void
  error?: string
  required?: boolean
  /** No 'number': a native number input drops a typed comma and letters without a word; a number is a `NumberField`. */
  type?: 'text' | 'password' | 'email' | 'date' | 'datetime-local' | 'tel'
  multiline?: boolean
  autoComplete?: string
  placeholder?: string
  disabled?: boolean
  inputMode?: 'numeric' | 'decimal' | 'text'
  maxLength?: number
  helper?: ReactNode
  autoFocus?: boolean
  /** A field applied when left or on Enter (a setting, not a form's field): the field is left, or Enter pressed. */
  onBlur?: () => void
  onEnter?: () => void
}

export function TextField(props: TextFieldProps) {
  const common = {
    value: props.value ?? '',
    placeholder: props.placeholder,
    disabled: props.disabled,
    maxLength: props.maxLength,
    autoFocus: props.autoFocus,
  }
  return (
    <FieldShell label={props.label} error={props.error} required={props.required} helper={props.helper}>
      {props.multiline ? (
        <Textarea {...common} onChange={(e) => props.onChange(e.target.value)} rows={3} />
      ) : (
        <Input
          {...common}
          type={props.type ?? 'text'}
          inputMode={props.inputMode}
          autoComplete={props.autoComplete}
          onChange={(e) => props.onChange(e.target.value)}
          onBlur={props.onBlur}
          onKeyDown={
            props.onEnter &&
            ((e) => {
              if (e.key !== 'Enter') return
              e.preventDefault()
              props.onEnter?.()
            })
          }
        />
      )}
    </FieldShell>
  )
}

type NumberFieldProps = Omit<TextFieldProps, 'type' | 'multiline' | 'inputMode' | 'autoComplete'> & {
  /** A whole number (a count, a port, days): the keyboard without a decimal separator. */
  integer?: boolean
}

/**
 * Every number the console's forms take: text kept as typed, on the digit keyboard. The form's schema reads it
 * (`numberValue` takes a comma or a dot before the fraction, `intValue` a whole number) and says in Russian what to
 * type when it is no number; a stored number is shown back with a decimal comma (`numberText`). Not a native
 * `type="number"` input: Chromium drops a typed comma (1500,5 became 15005) and letters (12abc became 12) without a word.
 */
export function NumberField({ integer, ...props }: NumberFieldProps) {
  return <TextField {...props} inputMode={integer ? 'numeric' : 'decimal'} autoComplete="off" />
}

type SelectFieldProps<TValue extends string | number> = {
  label: string
  value: TValue | null | undefined
  options: { value: TValue; label: string }[]
  onChange: (value: TValue | null) => void
  error?: string
  required?: boolean
  placeholder?: string
  /** Shown instead of the list when there is nothing to choose from. */
  emptyText?: string
  disabled?: boolean
}

/**
 * A disabled select shows its chosen text whole. A select writes its text on one line, cut at its edge, and a
 * disabled one cannot be opened to read the rest: a long subscriber's name on a point seen without the right to change
 * it. So a disabled select's own text is hidden and the text shown wrapped in its box instead: a copy drawn from an
 * attribute, so that neither screen readers (they read the select) nor queries by text meet the name twice. It is done
 * in CSS, for a select disabled by its form's `<fieldset>` too.
 */
const DISABLED_SELECT_CSS = {
  display: 'grid',
  '& > select': { gridArea: '1 / 1' },
  '& > select:disabled': { height: 'auto', minHeight: 'var(--select-field-height)', color: 'transparent' },
  '& > [data-chosen]': { display: 'none' },
  '& > [data-chosen]::before': { content: 'attr(data-chosen)' },
  '& > select:disabled + [data-chosen]': { display: 'flex' },
} as const

export function SelectField<TValue extends string | number>(props: SelectFieldProps<TValue>) {
  const empty = props.options.length === 0
  // An empty list's sentence is the field's helper text only: in the select too it stood twice, one above the other.
  const emptyLabel = props.placeholder ?? '—'
  const chosen = props.options.find((o) => o.value === props.value)?.label ?? emptyLabel
  return (
    <FieldShell
      label={props.label}
      error={props.error}
      required={props.required}
      disabled={props.disabled || (empty && Boolean(props.emptyText))}
      helper={empty ? props.emptyText : undefined}
    >
      <NativeSelect.Root css={DISABLED_SELECT_CSS}>
        <NativeSelect.Field
          value={props.value === null || props.value === undefined ? '' : String(props.value)}
          onChange={(e) => {
            const picked = props.options.find((o) => String(o.value) === e.target.value)
            props.onChange(picked ? picked.value : null)
          }}
        >
          <option value="">{emptyLabel}</option>
          {props.options.map((option) => (
            <option key={String(option.value)} value={String(option.value)}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <Box
          data-chosen={chosen}
          aria-hidden
          gridArea="1 / 1"
          alignItems="center"
          ps="3"
          pe="8"
          py="2"
          textStyle="sm"
          opacity="0.5"
          pointerEvents="none"
          overflowWrap="anywhere"
        />
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </FieldShell>
  )
}

type FileFieldProps = Omit<FieldShellProps, 'children' | 'disabled'> & {
  multiple?: boolean
  /** The files chosen, and what the server's upload limits would refuse of them (naming the file), for the field's `error`. */
  onChange: (files: File[], problem: string | undefined) => void
}

/** A file picker offering the kinds the server stores, which checks a choice at once: nothing is sent only to be refused. */
export function FileField({ multiple, onChange, ...shell }: FileFieldProps) {
  const choose = (files: File[]) => onChange(files, uploadProblem(files))
  return (
    <FieldShell {...shell}>
      <Input type="file" accept={UPLOAD_ACCEPT} multiple={multiple} p="1" onChange={(e) => choose([...(e.target.files ?? [])])} />
    </FieldShell>
  )
}

/** Save and cancel appear only once the form has changed; otherwise the form says there are no changes. */
export function FormActions({
  dirty,
  submitting,
  onCancel,
  saveLabel = T.save,
  showNoChanges = false,
}: {
  dirty: boolean
  submitting?: boolean
  onCancel: () => void
  saveLabel?: string
  showNoChanges?: boolean
}) {
  if (!dirty)
    return showNoChanges ? (
      <HStack color="fg.muted" fontSize="sm">
        {T.noChanges}
      </HStack>
    ) : null
  return (
    <HStack gap="2">
      <Button type="submit" colorPalette="blue" loading={submitting}>
        {saveLabel}
      </Button>
      <Button type="button" variant="outline" onClick={onCancel} disabled={submitting}>
        {T.cancel}
      </Button>
    </HStack>
  )
}
