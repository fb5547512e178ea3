/**
 * What the console and its service worker say to each other (postMessage), and the names both use.
 * Types and constants only: the console imports it too, and it must stay free of worker globals.
 */

/** The two counts of GET /api/document_request/check/. */
export interface RequestCounts {
  unassigned: number
  new_messages: number
}

export type PageToWorker =
  /** The page's token, for the background check; null after signing out (the worker forgets it). */
  | { type: 'session'; token: string | null }
  /** The heartbeat's latest answer: the worker notifies when a count rose and sets the app badge. */
  | { type: 'counts'; counts: RequestCounts }
  /** The update prompt's "Обновить": the waiting worker takes over. */
  | { type: 'SKIP_WAITING' }

/** A click on a notification in an open console: the page routes there itself, no reload mid-edit. */
export type WorkerToPage = { type: 'open'; path: string }

/** Background Sync tag of the outbox: the worker sends the queue when the network returns, console open or not. */
export const OUTBOX_SYNC_TAG = 'outbox'
/** Periodic background sync tag of the check (registered where the browser offers it). */
export const PERIODIC_CHECK_TAG = 'document-requests-check'
/** One tag for every applications notification, so that a newer one replaces the older. */
export const REQUESTS_NOTIFICATION_TAG = 'document-requests'
/** Where a click on the notification leads. */
export const REQUESTS_PATH = '/documents-requests'
export const CHECK_PATH = '/api/document_request/check/'
