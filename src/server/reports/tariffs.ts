import { asc, eq } from 'drizzle-orm'
import type { Executor } from '../db/client'
import { accountTariffSchemes, tariffSchemes, tariffZones } from '../db/schema'

const DAY_MINUTES = 1440

/** A zone of a scheme: the register it is counted on and its ranges in local minutes, none passing midnight. */
export type Zone = { tariff: number; name: string; ranges: { start: number; end: number }[] }
export type TariffScheme = { tariff_scheme_id: number; name: string; zones: Zone[] }

type ZoneRow = { tariff: number; name: string; start_minute: number; end_minute: number }

/** Groups a scheme's rows by register and splits ranges that pass midnight (23:00-07:00 becomes 23-24 and 0-7). */
function zonesOf(rows: ZoneRow[]): Zone[] {
  const byTariff = new Map<number, Zone>()
  for (const row of rows) {
    let zone = byTariff.get(row.tariff)
    if (!zone) byTariff.set(row.tariff, (zone = { tariff: row.tariff, name: row.name, ranges: [] }))
    if (row.end_minute > row.start_minute) zone.ranges.push({ start: row.start_minute, end: row.end_minute })
    else {
      zone.ranges.push({ start: row.start_minute, end: DAY_MINUTES })
      if (row.end_minute > 0) zone.ranges.push({ start: 0, end: row.end_minute })
    }
  }
  return [...byTariff.values()].sort((a, b) => a.tariff - b.tariff)
}

/** The register (zone) a local minute of the day falls in. */
export function tariffAt(zones: Zone[], minute: number): number | undefined {
  return zones.find((z) => z.ranges.some((r) => minute >= r.start && minute < r.end))?.tariff
}

/** The scheme asked for, else the account's, else the first seeded one; null when the asked id does not exist. */
export async function loadScheme(db: Executor, accountId: number | null, schemeId?: number): Promise<TariffScheme | null> {
  let id = schemeId
  if (id === undefined && accountId !== null) {
    const [chosen] = await db.select().from(accountTariffSchemes).where(eq(accountTariffSchemes.account_id, accountId))
    id = chosen?.tariff_scheme_id
  }
  const [scheme] =
    id === undefined
      ? await db.select().from(tariffSchemes).orderBy(asc(tariffSchemes.tariff_scheme_id)).limit(1)
      : await db.select().from(tariffSchemes).where(eq(tariffSchemes.tariff_scheme_id, id))
  if (!scheme) return null
  const rows = await db.select().from(tariffZones).where(eq(tariffZones.tariff_scheme_id, scheme.tariff_scheme_id)).orderBy(asc(tariffZones.start_minute))
  return { tariff_scheme_id: scheme.tariff_scheme_id, name: scheme.name, zones: zonesOf(rows) }
}

/** Every scheme with its zone rows, for the scheme list. */
export async function listSchemes(db: Executor) {
  const schemes = await db.select().from(tariffSchemes).orderBy(asc(tariffSchemes.tariff_scheme_id))
  const zones = await db.select().from(tariffZones).orderBy(asc(tariffZones.tariff_scheme_id), asc(tariffZones.start_minute))
  return schemes.map((s) => ({
    ...s,
    zones: zones
      .filter((z) => z.tariff_scheme_id === s.tariff_scheme_id)
      .map(({ tariff, name, start_minute, end_minute }) => ({ tariff, name, start_minute, end_minute })),
  }))
}

/** The scheme the account's reports use unless a report names another. */
export async function setAccountScheme(db: Executor, accountId: number, schemeId: number): Promise<void> {
  await db
    .insert(accountTariffSchemes)
    .values({ account_id: accountId, tariff_scheme_id: schemeId })
    .onConflictDoUpdate({ target: accountTariffSchemes.account_id, set: { tariff_scheme_id: schemeId } })
}
