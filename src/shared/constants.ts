/** Business constants of both specification documents (section 9), defined once for server and console. */

export const PAGE_SIZE_DEFAULT = 25
export const PAGE_SIZE_OPTIONS = [25, 50] as const
/** Permission groups are also listed 100 at a time, and user forms offer up to 100 groups. */
export const GROUP_PAGE_SIZE_OPTIONS = [25, 50, 100] as const
export const GROUPS_FOR_SELECTION = 100
/** The largest page a client may ask for besides page_size=all. */
export const PAGE_SIZE_MAX = 500

export const SEARCH_DEBOUNCE_MS = 500
export const LIST_LOAD_DELAY_MS = 100
export const BANNER_SUCCESS_MS = 3000
export const BANNER_ERROR_MS = 4000
export const DELETE_REFRESH_DELAY_MS = 1000

export const MIN_PASSWORD_LENGTH = 8
/** New document requests and the online heartbeat are checked this often. */
export const CHECK_POLL_MS = 10_000
export const CURRENT_DATA_POLL_MS = 1000

export const DEFAULT_ENERGY_LIMIT_KWH = 5000

/** Lengths of free-text fields, enforced by the shared schemas and the database alike. */
export const NAME_MAX = 255
export const TEXT_MAX = 2000

/* Subscribers and applications (administration.md sections 3, 4, 9). */
export const CUSTOMER_TYPES = { 1: 'Физическое лицо', 2: 'Индивидуальный предприниматель', 3: 'Юридическое лицо' } as const
export type CustomerType = keyof typeof CUSTOMER_TYPES
/** Application statuses with special meaning: 2 in work (orange), 3 accepted (green), 4 declined (red). */
export const DOC_STATUSES = { 1: 'Новая', 2: 'В работе', 3: 'Принята', 4: 'Отклонена' } as const
export type DocStatus = keyof typeof DOC_STATUSES
export const DOC_STATUS_ACCEPTED = 3
export const DOC_STATUS_DECLINED = 4
export const ATTACH_STATUSES = { 3: 'На рассмотрении', 1: 'Принят', 2: 'Отклонен' } as const
export type AttachStatus = keyof typeof ATTACH_STATUSES
export const ATTACH_STATUS_PENDING = 3
export const ATTACH_STATUS_DECLINED = 2
export const DEFAULT_EXPIRED_IN_DAYS = 10
export const DEFAULT_DOC_CUSTOMER_TYPE = 1
/** The required file that closing documents are filed under. */
export const CLOSING_DOCUMENT_FILE_ID = 24
/** Requests table column settings in local storage carry this version; another one resets them. */
export const REQUESTS_TABLE_VERSION = '1'
/** Uploads: at most this many bytes per file and files per request, of these kinds. */
export const FILE_MAX_BYTES = 10 * 1024 * 1024
export const FILES_PER_REQUEST_MAX = 30
export const ALLOWED_FILE_EXTENSIONS = ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'txt', 'csv', 'doc', 'docx', 'xls', 'xlsx', 'odt', 'ods', 'rtf', 'zip', 'xml'] as const
