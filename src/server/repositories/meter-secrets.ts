import { sql } from 'drizzle-orm'
import { CONN_SOURCES, CONN_SOURCE_PARAM, SECRET_CONN_PARAMS, isSecretConnParam, type ConnParamValues } from '../../shared/schemas/counters'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { SEALED_FORMAT, type SecretBox } from '../lib/secret-box'

/* A meter's access password is write-only: sealed with the server's box before it is stored, opened only by the
   collector for a poll, and shown everywhere else (answers, audit trail) as set or not set. */

const mapSecrets = (values: ConnParamValues, map: (value: string) => string): ConnParamValues =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, isSecretConnParam(name) ? map(value) : value]))

/** Values as they are stored: the secret ones sealed (an empty one stays empty, meaning not set). */
export const sealConnSecrets = (box: SecretBox, values: ConnParamValues) => mapSecrets(values, (value) => box.seal(value))

/** Values for the audit trail: a stored secret shows only as «задан». */
export const auditedConnParams = (values: ConnParamValues) => mapSecrets(values, (value) => (value === '' ? '' : T.secretSet))

/** The parameters that say where a poll goes: a stored password was entered for this address. */
const ADDRESS_CONN_PARAMS = [CONN_SOURCE_PARAM, 'host', 'port', 'net_address']
const addressPart = (values: ConnParamValues, name: string) => (name === CONN_SOURCE_PARAM ? values[name] || CONN_SOURCES.TCP : (values[name] ?? ''))

/**
 * The stored secrets a change would carry to another address, unless it gives them anew (or clears them): polled
 * there, the meter's password would go in clear to whoever listens at the new host, port or line address. A
 * lorawandb meter is not polled, so nothing is asked until its source turns back to a polled one, itself a change.
 */
export function secretsLeftBehind(previous: ConnParamValues, changes: ConnParamValues, next: ConnParamValues): string[] {
  if (addressPart(next, CONN_SOURCE_PARAM) === CONN_SOURCES.LORAWANDB) return []
  if (ADDRESS_CONN_PARAMS.every((name) => addressPart(next, name) === addressPart(previous, name))) return []
  return SECRET_CONN_PARAMS.filter((name) => previous[name] && !Object.hasOwn(changes, name))
}

/**
 * Seals the secrets kept in plain text before sealing began, in every installation, past ones included. Run at
 * every start (sealing needs the server's key, which migrations do not have); a sealed value is left as it is, and
 * each row is written only if it still holds the plain value read, so servers starting together seal it once.
 */
export async function sealPlainMeterPasswords(db: Executor, box: SecretBox): Promise<void> {
  for (const name of SECRET_CONN_PARAMS) {
    const plain = await db.execute(sql`
      select point_counter_id as id, conn_params->>${name} as value from point_counters
      where coalesce(conn_params->>${name}, '') <> '' and conn_params->>${name} !~ ${SEALED_FORMAT.source}`)
    for (const row of plain.rows as { id: number; value: string }[]) {
      await db.execute(sql`
        update point_counters set conn_params = jsonb_set(conn_params, ${`{${name}}`}::text[], to_jsonb(${box.seal(row.value)}::text))
        where point_counter_id = ${row.id} and conn_params->>${name} = ${row.value}`)
    }
  }
}
