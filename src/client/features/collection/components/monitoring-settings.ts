import { useEffect, useState } from 'react'
import {
  MONITORING_HIDE_MS,
  MONITORING_INTERACTIONS_DEFAULT,
  MONITORING_INTERACTIONS_MAX,
  MONITORING_REFRESH_MAX_S,
  MONITORING_REFRESH_MIN_S,
  MONITORING_STATUSES,
} from '../../../../shared/constants'
import type { MonitoringStatus } from '../../../../shared/schemas/collection'

const STORAGE_KEY = 'monitoring-settings'

export type MonitoringSettings = {
  statuses: MonitoringStatus[]
  interactions: number
  refreshSeconds: number
  /** Task id -> the instant (ms) it comes back. */
  hidden: Record<string, number>
}

/** The spec's limits: interactions at most 100; refresh 0 is off, otherwise kept within 10..600 s. */
export function effectiveRefreshSeconds(seconds: number): number {
  if (!Number.isFinite(seconds) || seconds <= 0) return 0
  return Math.min(MONITORING_REFRESH_MAX_S, Math.max(MONITORING_REFRESH_MIN_S, Math.round(seconds)))
}

export function effectiveInteractions(count: number): number {
  if (!Number.isFinite(count) || count < 1) return MONITORING_INTERACTIONS_DEFAULT
  return Math.min(MONITORING_INTERACTIONS_MAX, Math.round(count))
}

const DEFAULTS: MonitoringSettings = { statuses: [...MONITORING_STATUSES], interactions: MONITORING_INTERACTIONS_DEFAULT, refreshSeconds: 0, hidden: {} }

function load(): MonitoringSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<MonitoringSettings>
    return {
      statuses: (stored.statuses ?? DEFAULTS.statuses).filter((s) => (MONITORING_STATUSES as readonly string[]).includes(s)),
      interactions: effectiveInteractions(stored.interactions ?? DEFAULTS.interactions),
      refreshSeconds: effectiveRefreshSeconds(stored.refreshSeconds ?? 0),
      hidden: stored.hidden ?? {},
    }
  } catch {
    return DEFAULTS
  }
}

/** Monitoring settings kept in local storage, hidden tasks included; a hidden task returns after an hour. */
export function useMonitoringSettings() {
  const [settings, setSettings] = useState<MonitoringSettings>(load)
  useEffect(() => localStorage.setItem(STORAGE_KEY, JSON.stringify(settings)), [settings])
  const update = (patch: Partial<MonitoringSettings>) => setSettings((current) => ({ ...current, ...patch }))
  const now = Date.now()
  const isHidden = (taskId: number) => (settings.hidden[taskId] ?? 0) > now
  const hide = (taskId: number) => update({ hidden: { ...settings.hidden, [taskId]: Date.now() + MONITORING_HIDE_MS } })
  const restore = (taskId: number) => {
    const { [taskId]: _, ...rest } = settings.hidden
    update({ hidden: rest })
  }
  return { settings, update, isHidden, hide, restore }
}
