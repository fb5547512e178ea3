import { Dexie, type EntityTable, type Transaction } from 'dexie'
import type { CounterRow, InstallationRow, MetaRecord, OutboxEntry, PointRow, ReadingsRow, RepresentRow } from './types'

export const DB_NAME = 'metering-console'

export interface SchemaVersion {
  version: number
  /** Only the stores this version adds or changes: Dexie carries the others over untouched. */
  stores: Record<string, string | null>
  upgrade?: (tx: Transaction) => void | PromiseLike<unknown>
}

/**
 * The schema history, oldest first; append, never edit a released entry.
 * The outbox holds edits that exist nowhere else: a new version may reshape it in `upgrade`, never drop it.
 * The cached lists may be cleared by an upgrade, the next refresh refills them.
 * `has_counter` is not indexed: a boolean is not a valid IndexedDB key, and lists are filtered in memory anyway.
 */
export const SCHEMA_VERSIONS: readonly SchemaVersion[] = [
  {
    version: 1,
    stores: {
      points: 'point_id, name, point_number, customer.name, address, counter_id',
      counters: 'counter_id, serial_num, point_id',
      represents: 'represent_id, parent_id, name',
      outbox: '++seq, &mutationId, [entity+entityId], status',
      meta: 'key',
    },
  },
  {
    // Entries carry their author. Who made the earlier ones is unknown: null until a session adopts them.
    version: 2,
    stores: { outbox: '++seq, &mutationId, [entity+entityId], status, author, [author+status], [author+mutationId]' },
    upgrade: (tx) =>
      tx
        .table('outbox')
        .toCollection()
        .modify((entry: { author?: number | null }) => {
          entry.author ??= null
        }),
  },
  // The background mirror keeps the installations too, for a point's «Счётчики» tab and a meter's parameters offline.
  { version: 3, stores: { installations: 'point_counter_id, point_id, counter_id' } },
  // And the installed meters' latest readings, for a meter's info dialog offline.
  { version: 4, stores: { readings: 'counter_id' } },
]

export class MeteringDb extends Dexie {
  declare points: EntityTable<PointRow, 'point_id'>
  declare counters: EntityTable<CounterRow, 'counter_id'>
  declare represents: EntityTable<RepresentRow, 'represent_id'>
  declare installations: EntityTable<InstallationRow, 'point_counter_id'>
  declare readings: EntityTable<ReadingsRow, 'counter_id'>
  declare outbox: EntityTable<OutboxEntry, 'seq'>
  declare meta: EntityTable<MetaRecord, 'key'>

  constructor(name: string = DB_NAME, versions: readonly SchemaVersion[] = SCHEMA_VERSIONS) {
    super(name)
    for (const { version, stores, upgrade } of versions) {
      const declared = this.version(version).stores(stores)
      if (upgrade) declared.upgrade(upgrade)
    }
  }
}

let appDb: MeteringDb | undefined

/** The console's database, opened on first use; tests pass their own instance instead. */
export function offlineDb(): MeteringDb {
  appDb ??= new MeteringDb()
  return appDb
}
