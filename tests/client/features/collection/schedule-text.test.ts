import { describe, expect, it } from 'vitest'
import { scheduleText } from '../../../../src/client/features/collection/components/tasks-table'

describe('a task’s schedule as the tasks and the monitoring show it', () => {
  it('says a cron schedule in words where it is a common one', () => {
    expect(scheduleText({ interval: 'cron', value: '*/30 * * * *' })).toBe('каждые 30 мин')
    expect(scheduleText({ interval: 'cron', value: '0 */2 * * *' })).toBe('каждые 2 ч')
    expect(scheduleText({ interval: 'cron', value: '5 0 * * *' })).toBe('ежедневно в 00:05')
    expect(scheduleText({ interval: 'cron', value: '30 7 * * 1-5' })).toBe('по расписанию 30 7 * * 1-5')
  })
})
