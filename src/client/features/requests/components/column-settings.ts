import { useState } from 'react'
import { REQUESTS_TABLE_VERSION } from '../../../../shared/constants'

const STORAGE_KEY = 'documents-requests-columns'

type Stored = { version: string; columns: string[] }

/**
 * Reads the chosen columns. Settings of another table version are dropped (the columns may have changed) and
 * reported as `reset`, so that the screen can say so once.
 */
export function readColumnSettings(known: readonly string[], defaults: readonly string[]): { columns: string[]; reset: boolean } {
  let stored: Partial<Stored> | null
  try {
    stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<Stored> | null
  } catch {
    stored = null
  }
  if (!stored) return { columns: [...defaults], reset: false }
  if (stored.version !== REQUESTS_TABLE_VERSION || !Array.isArray(stored.columns)) {
    writeColumnSettings([...defaults])
    return { columns: [...defaults], reset: true }
  }
  return { columns: stored.columns.filter((key) => known.includes(key)), reset: false }
}

export function writeColumnSettings(columns: string[]) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify({ version: REQUESTS_TABLE_VERSION, columns } satisfies Stored))
}

/** The visible columns, kept in local storage under the table's version. */
export function useColumnSettings(known: readonly string[], defaults: readonly string[], onReset: () => void) {
  const [columns, setColumns] = useState(() => {
    const settings = readColumnSettings(known, defaults)
    if (settings.reset) queueMicrotask(onReset)
    return settings.columns
  })
  const save = (next: string[]) => {
    writeColumnSettings(next)
    setColumns(next)
  }
  return [columns, save] as const
}
