import * as v from 'valibot'
import { parameterValue } from './collection'
import { dateTimeText } from './common'
import { connParam, counter } from './counters'
import { point, pointCounter } from './points'
import { representTreeRow } from './represents'

/** `since`: the `cursor` of the previous answer; without it every row is sent. */
export const mirrorQuery = v.object({ since: v.optional(dateTimeText()) })

/** Connection parameters the mirror never sends: a device may be lost. */
export const SECRET_CONN_PARAMS: readonly string[] = ['password']

/**
 * An installation as the point's «Счётчики» tab shows it, with its point and, when current, its connection parameters
 * as the meter's parameters dialog shows them, the secret ones (SECRET_CONN_PARAMS) left out.
 */
const mirroredInstallation = v.object({ ...pointCounter.entries, point_id: v.number(), conn_params: v.nullable(v.array(connParam)) })
export type MirroredInstallation = v.InferOutput<typeof mirroredInstallation>

/** The latest register readings of a current meter (energy per channel and tariff) as its info dialog shows them. */
const mirroredReadings = v.object({ counter_id: v.number(), data: v.array(parameterValue), values_date: v.string() })
export type MirroredReadings = v.InferOutput<typeof mirroredReadings>

/**
 * Rows changed since the cursor, and the ids of every row there is now: a cached row whose id is not among them was
 * deleted (or is no longer visible to the user). Null when the user may not see that kind of row.
 */
const section = <T extends v.GenericSchema>(row: T) => v.nullable(v.object({ changed: v.array(row), ids: v.array(v.number()) }))

export const mirrorAnswer = v.object({
  /** Send it back as `since` next time; kept a margin behind the server's clock, so a row written late is not missed. */
  cursor: v.string(),
  points: section(point),
  counters: section(counter),
  represents: section(representTreeRow),
  installations: section(mirroredInstallation),
  /** Changed: the meters read since the cursor; ids: every meter installed on a point now. */
  readings: section(mirroredReadings),
})
export type MirrorAnswer = v.InferOutput<typeof mirrorAnswer>
