import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningEmulator } from '../../../src/server/collector/emulator/emulator'
import { runRound } from '../../../src/server/collector/round'
import { BWRI } from '../../../src/server/collector/protocol/mercury230'
import { T } from '../../../src/shared/texts'
import { ADMIN, startTestApp, type TestApp } from '../../helpers/test-app'
import { collectionReferences, dueTask, emulatedMeters, mercury230 } from '../collection-fixtures'

/*
 * Each read group of a poll (registers, instantaneous values, profile) stands alone: a Mercury 230 that refuses its
 * instantaneous values (status 1, invalid command) or never answers one loses that group only, through the emulator
 * over TCP. A value the meter refuses (its firmware lacks it) costs that value only.
 */

const NOW = new Date('2026-11-20T09:10:00.000Z')
const ANGLES = 0x51
const EVERY_INSTANT = Object.values(BWRI)

let t: TestApp
let emulator: RunningEmulator
let refs: Awaited<ReturnType<typeof collectionReferences>>
const meters = {
  refusing: mercury230(1, { lacksAux: { bwri: EVERY_INSTANT } }),
  silent: mercury230(2, { lacksAux: { bwri: [ANGLES], silent: true } }),
  noInstant: mercury230(3, { lacksAux: { bwri: EVERY_INSTANT } }),
  noAngles: mercury230(4, { lacksAux: { bwri: [ANGLES] } }),
  longAngles: mercury230(5, { lacksAux: { bwri: [ANGLES], oneValueMore: true } }),
}
type MeterName = keyof typeof meters
let installed: Record<MeterName, { counterId: number }>

beforeAll(async () => {
  t = await startTestApp()
  refs = await collectionReferences(t.database.db)
  ;({ emulator, installed } = await emulatedMeters(t.database.db, refs.refs, meters, { latencyMs: [0, 2], clock: () => NOW }))
})

afterAll(async () => {
  await emulator.close()
  await t.close()
})

/** One run of a task reading `groups` of the meter: the round's tally, the run's log and what the task keeps of it. */
async function poll(name: MeterName, groups: number[]) {
  const taskId = await dueTask(t.database.db, installed[name].counterId, groups, new Date(NOW.getTime() - 1000))
  const round = await runRound(t.database.db, 1, NOW, { concurrency: 1, deadlineMs: 20_000, box: t.app.box, clock: () => NOW })
  await t.database.db.execute(sql`update counter_tasks set state = 'stopped', next_run_at = null where counter_task_id = ${taskId}`)
  const entries = await t.database.db.execute(sql`
    select e.text from task_log_entries e join task_logs l on l.task_log_id = e.task_log_id where l.counter_task_id = ${taskId} order by e.task_log_entry_id`)
  const task = await t.database.db.execute(sql`
    select t.last_success, t.last_error, l.success from counter_tasks t join task_logs l on l.counter_task_id = t.counter_task_id
    where t.counter_task_id = ${taskId}`)
  const logs = await t.call(await t.login(ADMIN.username, ADMIN.password), { method: 'GET', url: `/api/tasks_logs/?task_id=${taskId}` })
  const shown = logs.json().results[0] as { success: boolean; partial: boolean }
  return { round, log: (entries.rows as { text: string }[]).map((row) => row.text), task: task.rows[0], shown }
}

async function stored(name: MeterName) {
  const count = async (table: string) =>
    Number(
      ((await t.database.db.execute(sql`select count(*) as n from ${sql.raw(table)} where counter_id = ${installed[name].counterId}`)).rows[0] as { n: string })
        .n,
    )
  return { registers: await count('register_readings'), phases: await count('phase_values'), intervals: await count('interval_values') }
}

const allGroups = () => [refs.groups.registers, refs.groups.instant, refs.groups.profile]
const partial = T.poll.partial([T.poll.readGroups.instant])

describe('the read groups of a poll', () => {
  it('reads the registers and the profile of a meter that refuses its instantaneous values', async () => {
    const { round, log, task, shown } = await poll('refusing', allGroups())
    const refused = T.poll.groupUnread(T.poll.readGroups.instant, T.poll.meterStatus(1, T.poll.invalidCommand))
    expect(log).toEqual(expect.arrayContaining([refused, expect.stringMatching(/^Прочитан профиль мощности/), partial]))
    expect(log.at(-1)).toBe(partial)
    expect(round).toMatchObject({ tasks: 1, succeeded: 1 })
    expect(task).toEqual({ success: true, last_success: true, last_error: partial })
    expect(shown).toMatchObject({ success: true, partial: true })
    const rows = await stored('refusing')
    expect(rows.registers).toBeGreaterThan(0)
    expect(rows.intervals).toBeGreaterThan(0)
    expect(rows.phases).toBe(0)
  })

  it('goes on to the profile when the meter never answers one instantaneous value', async () => {
    const { round, log } = await poll('silent', allGroups())
    const unanswered = T.poll.groupUnread(T.poll.readGroups.instant, T.poll.timeout(300))
    expect(log).toEqual(expect.arrayContaining([unanswered, expect.stringMatching(/^Прочитан профиль мощности/), partial]))
    expect(log.at(-1)).toBe(partial)
    expect(round).toMatchObject({ tasks: 1, succeeded: 1 })
    expect((await stored('silent')).intervals).toBeGreaterThan(0)
  })

  it('goes on to the profile when one instantaneous value always comes back damaged', async () => {
    const { round, log } = await poll('longAngles', allGroups())
    expect(log).toEqual(
      expect.arrayContaining([T.poll.groupUnread(T.poll.readGroups.instant, T.poll.crc), expect.stringMatching(/^Прочитан профиль мощности/)]),
    )
    expect(log.at(-1)).toBe(partial)
    expect(round).toMatchObject({ tasks: 1, succeeded: 1 })
    expect(await stored('longAngles')).toMatchObject({ phases: 0 })
    expect((await stored('longAngles')).intervals).toBeGreaterThan(0)
  })

  it('fails a poll none of whose groups is read', async () => {
    const { round, log, task, shown } = await poll('noInstant', [refs.groups.instant])
    const refused = T.poll.groupUnread(T.poll.readGroups.instant, T.poll.meterStatus(1, T.poll.invalidCommand))
    expect(log.at(-1)).toBe(refused)
    expect(round).toMatchObject({ tasks: 1, failed: 1 })
    expect(task).toEqual({ success: false, last_success: false, last_error: refused })
    expect(shown).toMatchObject({ success: false, partial: false })
  })

  it('keeps the instantaneous values a meter gives when it refuses one of them', async () => {
    const { round, log, shown } = await poll('noAngles', allGroups())
    expect(log).toContain(T.poll.phasesReadExcept([T.poll.instantQuantities.angles]))
    expect(log.at(-1)).toMatch(/^Прочитан профиль мощности/)
    expect(round).toMatchObject({ tasks: 1, succeeded: 1 })
    expect(shown).toMatchObject({ success: true, partial: false })
    const phases = await t.database.db.execute(
      sql`select phase, voltage, angle from phase_values where counter_id = ${installed.noAngles.counterId} and phase between 1 and 3 order by phase`,
    )
    expect(phases.rows).toHaveLength(3)
    for (const row of phases.rows as { voltage: number | null; angle: number | null }[]) {
      expect(row.voltage).toBeGreaterThan(150)
      expect(row.angle).toBeNull()
    }
  })
})
