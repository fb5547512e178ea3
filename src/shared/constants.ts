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
