import { useState } from 'react'

/** A table whose visible columns the user chooses; the version changes when its columns do. */
export interface ColumnTable {
  storageKey: string
  version: string
  known: readonly string[]
  defaults: readonly string[]
}

type Stored = { version: string; columns: string[] }

/**
 * Reads the chosen columns. Settings of another table version are dropped (the columns may have changed) and
 * reported as `reset`, so that the screen can say so once.
 */
function readColumnSettings(table: ColumnTable): { columns: string[]; reset: boolean } {
  let stored: Partial<Stored> | null
  try {
    stored = JSON.parse(localStorage.getItem(table.storageKey) ?? 'null') as Partial<Stored> | null
  } catch {
    stored = null
  }
  if (!stored) return { columns: [...table.defaults], reset: false }
  if (stored.version !== table.version || !Array.isArray(stored.columns)) {
    writeColumnSettings(table, [...table.defaults])
    return { columns: [...table.defaults], reset: true }
  }
  return { columns: stored.columns.filter((key) => table.known.includes(key)), reset: false }
}

function writeColumnSettings(table: ColumnTable, columns: string[]) {
  localStorage.setItem(table.storageKey, JSON.stringify({ version: table.version, columns } satisfies Stored))
}

/** The visible columns, kept in this device's local storage under the table's version. */
export function useColumnSettings(table: ColumnTable, onReset: () => void = () => undefined) {
  const [columns, setColumns] = useState(() => {
    const settings = readColumnSettings(table)
    if (settings.reset) queueMicrotask(onReset)
    return settings.columns
  })
  const save = (next: string[]) => {
    writeColumnSettings(table, next)
    setColumns(next)
  }
  return [columns, save] as const
}
