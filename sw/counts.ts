import { T } from '../src/shared/texts'
import { REQUESTS_NOTIFICATION_TAG, REQUESTS_PATH, type RequestCounts } from './protocol'

/** A notification is due when either count grew since the counts last seen; a first sight only sets the baseline. */
export function countsRose(last: RequestCounts | undefined, now: RequestCounts): boolean {
  return last !== undefined && (now.unassigned > last.unassigned || now.new_messages > last.new_messages)
}

/** What the app badge shows: everything that waits for staff. */
export const badgeCount = (counts: RequestCounts): number => counts.unassigned + counts.new_messages

export function requestsNotification(counts: RequestCounts): { title: string; options: NotificationOptions & { renotify: boolean } } {
  return {
    title: T.requestsNotificationTitle,
    options: {
      body: T.requestsNotificationBody(counts.unassigned, counts.new_messages),
      tag: REQUESTS_NOTIFICATION_TAG,
      // Same tag: the newer replaces the older, and still alerts.
      renotify: true,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      lang: 'ru',
      data: { url: REQUESTS_PATH },
    },
  }
}
