import { sql } from 'drizzle-orm'
import type { Executor } from '../db/client'

/** A party of an 80020 message: the sender (the account) or the metering area's owner. */
export type MarketParty = { inn: string; name: string }

/**
 * The metering area of a point: the nearest of its objects or their ancestors with an area owner set, the
 * account itself when none is (a point in no object too).
 */
export async function areaOf(db: Executor, pointId: number, account: MarketParty): Promise<MarketParty> {
  const [row] = (
    await db.execute(sql`
    with recursive up as (
      select r.represent_id, r.parent_id, r.area_inn, r.area_name, 0 as depth
      from represent_points rp join represents r on r.represent_id = rp.represent_id where rp.point_id = ${pointId}
      union all
      select r.represent_id, r.parent_id, r.area_inn, r.area_name, up.depth + 1 from represents r join up on r.represent_id = up.parent_id
    )
    select area_inn, area_name from up where area_inn <> '' order by depth, represent_id limit 1`)
  ).rows as { area_inn: string; area_name: string }[]
  return row ? { inn: row.area_inn, name: row.area_name } : account
}

/**
 * Takes the next `count` message numbers of a sender and area. The market tells messages apart by this number,
 * so every file sent gets a new one, a corrected re-send of a day included.
 */
export async function takeMessageNumbers(db: Executor, senderInn: string, areaInn: string, count: number): Promise<number[]> {
  const [row] = (
    await db.execute(sql`
    insert into market_message_numbers (sender_inn, area_inn, last_number) values (${senderInn}, ${areaInn}, ${count})
    on conflict (sender_inn, area_inn) do update set last_number = market_message_numbers.last_number + ${count}
    returning last_number`)
  ).rows as { last_number: number }[]
  const last = Number(row!.last_number)
  return Array.from({ length: count }, (_, i) => last - count + 1 + i)
}
