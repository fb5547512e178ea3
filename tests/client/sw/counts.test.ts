import { describe, expect, it } from 'vitest'
import { badgeCount, countsRose, requestsNotification } from '../../../sw/counts'
import { REQUESTS_NOTIFICATION_TAG, REQUESTS_PATH } from '../../../sw/protocol'

describe('notifications of new applications', () => {
  it('notifies only when a count rose since the counts last seen, never at first sight', () => {
    expect(countsRose(undefined, { unassigned: 5, new_messages: 2 })).toBe(false)
    expect(countsRose({ unassigned: 1, new_messages: 0 }, { unassigned: 2, new_messages: 0 })).toBe(true)
    expect(countsRose({ unassigned: 1, new_messages: 0 }, { unassigned: 1, new_messages: 1 })).toBe(true)
    expect(countsRose({ unassigned: 3, new_messages: 1 }, { unassigned: 3, new_messages: 1 })).toBe(false)
    // Someone took an application and another came: one fewer, one more is still news.
    expect(countsRose({ unassigned: 3, new_messages: 1 }, { unassigned: 2, new_messages: 2 })).toBe(true)
    expect(countsRose({ unassigned: 3, new_messages: 1 }, { unassigned: 2, new_messages: 0 })).toBe(false)
  })

  it('says both counts in Russian under one tag that leads to the applications', () => {
    const { title, options } = requestsNotification({ unassigned: 4, new_messages: 1 })
    expect(title).toBe('Входящие заявки')
    expect(options).toMatchObject({ body: 'Неназначенных заявок: 4, новых сообщений: 1', tag: REQUESTS_NOTIFICATION_TAG, data: { url: REQUESTS_PATH } })
    expect(badgeCount({ unassigned: 4, new_messages: 1 })).toBe(5)
  })
})
