import { cloneElement, type ReactElement, type ReactNode } from 'react'
import { Spinner } from '@chakra-ui/react'
import { Pencil, Trash2 } from 'lucide-react'

/** A row action (`RowAction`) in the table and in the cards: what a ghost `IconButton` of size sm looks like. */
export const ROW_ACTION_CSS = {
  colorPalette: 'gray',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: '0',
  boxSize: '9',
  // A finger's width on touch screens.
  '@media (pointer: coarse)': { boxSize: '11' },
  borderRadius: 'l2',
  borderWidth: '1px',
  borderColor: 'transparent',
  color: 'colorPalette.fg',
  cursor: 'button',
  outline: '0',
  transitionProperty: 'common',
  transitionDuration: 'moderate',
  focusVisibleRing: 'outside',
  '&:not(:disabled):hover': { bg: 'colorPalette.subtle' },
  '&:disabled': { opacity: '0.5', cursor: 'not-allowed' },
  // A red action keeps its distance from the harmless ones: a slip of the finger must not delete.
  '&[data-palette=red]': { colorPalette: 'red' },
  '&[data-palette=red]:not(:first-of-type)': { marginStart: '2' },
  '& svg': { width: '4', height: '4', flexShrink: '0' },
} as const

type Action =
  | { onClick: () => void; link?: never; disabled?: boolean; loading?: boolean }
  | { link: ReactElement<{ className?: string }>; onClick?: never; disabled?: never; loading?: never }
type RowActionProps = { label: string; children: ReactNode; palette?: 'red' } & Action

/**
 * One action of a row, an icon named by `label`: a button, or the link given (its class and label are set). A button
 * may be disabled, or busy (`loading`: a spinner in place of the icon until its work is done).
 * Cheap to render 25 or 50 times over: no Chakra component of its own.
 */
export function RowAction({ label, children, palette, onClick, link, disabled, loading }: RowActionProps) {
  const common = { className: 'data-table-action', 'aria-label': label, 'data-palette': palette }
  if (link) return cloneElement(link, common, children)
  return (
    <button type="button" onClick={onClick} disabled={disabled || loading} aria-busy={loading || undefined} {...common}>
      {loading ? <Spinner size="xs" /> : children}
    </button>
  )
}

/** The row's edit action, «Изменить <name>»: opens its dialog, or leads to its page. */
export function EditAction({ name, ...action }: { name: string } & Action) {
  return (
    <RowAction label={`Изменить ${name}`} {...action}>
      <Pencil />
    </RowAction>
  )
}

/** The row's delete action, «Удалить <name>», in red; `onClick` is the screen's confirmed delete. */
export function DeleteAction({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <RowAction label={`Удалить ${name}`} palette="red" onClick={onClick}>
      <Trash2 />
    </RowAction>
  )
}
