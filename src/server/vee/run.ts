import { DEFAULT_TIME_ZONE } from '../../shared/metering'
import type { Executor } from '../db/client'
import type { IntervalRow, RegisterRow } from '../repositories/readings'
import { estimatePoll } from './estimate'
import { veeSettings, type VeeSettings } from './settings'
import { validatePoll } from './validate'

let settings: VeeSettings | undefined

/**
 * Validation, then estimation, over what one poll stored (docs/vee.md). One statement when the poll left no gap;
 * estimation's two more only when there is one. `drifting`: the meters whose clock the poll found off beyond the limit.
 */
export async function runVee(db: Executor, intervals: IntervalRow[], registers: RegisterRow[], drifting: number[] = [], timeZone: string = DEFAULT_TIME_ZONE) {
  settings ??= veeSettings()
  const validation = await validatePoll(db, intervals, registers, settings, timeZone, drifting)
  const estimated = validation.missing > 0 ? await estimatePoll(db, intervals, timeZone) : 0
  return { ...validation, estimated }
}
