/** Business constants of both specification documents (section 9), defined once for server and console. */

export const PAGE_SIZE_DEFAULT = 25
export const PAGE_SIZE_OPTIONS = [25, 50] as const
/** Permission groups are also listed 100 at a time, and user forms offer up to 100 groups. */
export const GROUP_PAGE_SIZE_OPTIONS = [25, 50, 100] as const
export const GROUPS_FOR_SELECTION = 100
/** The largest page a client may ask for besides page_size=all. */
export const PAGE_SIZE_MAX = 500

/** The most outbox entries one POST /api/outbox/ carries: the console sends its queue in chunks of this size. */
export const OUTBOX_BATCH_MAX = 100

export const SEARCH_DEBOUNCE_MS = 500
export const LIST_LOAD_DELAY_MS = 100
export const BANNER_SUCCESS_MS = 3000
export const BANNER_ERROR_MS = 4000
export const DELETE_REFRESH_DELAY_MS = 1000

export const MIN_PASSWORD_LENGTH = 8
/**
 * The console gives up waiting for the server's answer after this long, and takes it for none (offline): a hung
 * server or a black-holed route must not leave «Загрузка…» up for good. Generous for a field link: on 2G/EDGE in poor
 * coverage (1–2 s round trips, lost SYNs resent after 1 and 3 s) the connection and TLS take up to about 10 s, and the
 * server's slowest answers to the console's calls (a year's balance while reports are built) a few seconds more.
 */
export const ANSWER_TIMEOUT_MS = 30_000

/** New document requests and the online heartbeat are checked this often. */
export const CHECK_POLL_MS = 10_000
/** A console left open for days asks for a new build this often while online. */
export const UPDATE_CHECK_MS = 30 * 60_000
export const CURRENT_DATA_POLL_MS = 1000
/** A meter is polled on demand (refresh=1) at most once in this many seconds: each poll occupies its line. */
export const ON_DEMAND_POLL_INTERVAL_S = 30
/** One user keeps at most this many reads on demand waiting: more would hold every converter's line for the scheduled polls. */
export const ON_DEMAND_WAITING_PER_USER_MAX = 10
/**
 * A meter's relay takes no new command while one is being carried out, nor for this many seconds after it finished.
 * Each command is a full poll of the meter, so the same 30 s as a read on demand keeps its converter's line as free;
 * and a subscriber's supply is switched at most once in half a minute plus a poll, not on and off at a script's pace,
 * while an operator who cut the wrong subscriber can still switch them back within a minute.
 */
export const RELAY_INTERVAL_S = 30

export const DEFAULT_ENERGY_LIMIT_KWH = 5000

/** Lengths of free-text fields, enforced by the shared schemas and the database alike. */
export const NAME_MAX = 255
export const TEXT_MAX = 2000

/** The years a date may fall in: another year is a typing slip, and past 9999 neither PostgreSQL nor ISO text holds it. */
export const YEAR_MIN = 1900
export const YEAR_MAX = 2099

/* Report forms (metering.md sections 5, 9). */
/** The multi-point report 001.02 takes at most this many points. */
export const REPORT_MULTI_POINT_LIMIT = 3
/** The longest period a report covers, so that one request stays bounded. */
export const REPORT_MAX_DAYS = 366
/** A register reading counts as taken "at 00:00" when it was read within this many minutes after it. */
export const READING_AT_TOLERANCE_MIN = 30

/* Objects (represents) and their balances (metering.md section 9). */
/** Profile intervals in minutes: half-hour, hour, day, month, year (the last two cut as calendar months and years). */
export const PROFILE_INTERVALS = [30, 60, 1440, 43200, 525600] as const
export type ProfileInterval = (typeof PROFILE_INTERVALS)[number]
export const PROFILE_INTERVAL_DEFAULT: ProfileInterval = 30
export const ENERGY_FORMATS = ['kvch', 'kv'] as const
export const ENERGY_TYPES = ['straight', 'reverse'] as const
export const ROUND_WITH_MIN = 1
export const ROUND_WITH_MAX = 5
export const ROUND_VAL_DEFAULT = 'roundWith2'
/** Last half-hours shown per point of an object. */
export const HALFS_NUM_DEFAULT = 12
export const HALFS_NUM_MAX = 168
/** Readings "at a time of day": the start of the day plus 47 half-hour steps. */
export const COUNTER_VALUE_TIMES = Array.from({ length: 48 }, (_, step) => step * 30)
/** Swatches offered for the loss colour and the points' colours. */
export const COLOR_SWATCHES = ['#e53e3e', '#dd6b20', '#d69e2e', '#38a169', '#319795', '#3182ce', '#00b5d8', '#805ad5', '#d53f8c', '#718096'] as const
/** The health of objects' hosts is checked this often, each check giving up after the timeout. */
export const HEALTH_CHECK_PERIOD_MS = 60_000
export const HEALTH_CHECK_TIMEOUT_MS = 3000

/* Subscribers and applications (administration.md sections 3, 4, 9). */
export const CUSTOMER_TYPES = { 1: 'Физическое лицо', 2: 'Индивидуальный предприниматель', 3: 'Юридическое лицо' } as const
/** Application statuses with special meaning: 2 in work (orange), 3 accepted (green), 4 declined (red). */
export const DOC_STATUSES = { 1: 'Новая', 2: 'В работе', 3: 'Принята', 4: 'Отклонена' } as const
export type DocStatus = keyof typeof DOC_STATUSES
export const DOC_STATUS_ACCEPTED = 3
export const DOC_STATUS_DECLINED = 4
export const ATTACH_STATUSES = { 3: 'На рассмотрении', 1: 'Принят', 2: 'Отклонен' } as const
export const ATTACH_STATUS_DECLINED = 2
export const DEFAULT_EXPIRED_IN_DAYS = 10
export const DEFAULT_DOC_CUSTOMER_TYPE = 1
/** The required file that closing documents are filed under. */
export const CLOSING_DOCUMENT_FILE_ID = 24
/** Requests table column settings in local storage carry this version; another one resets them. */
export const REQUESTS_TABLE_VERSION = '1'
/** Uploads: at most this many bytes per file and files per request, of these kinds. */
export const MB = 1024 * 1024
export const FILE_MAX_BYTES = 10 * MB
export const FILES_PER_REQUEST_MAX = 30
export const ALLOWED_FILE_EXTENSIONS = [
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'txt',
  'csv',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'odt',
  'ods',
  'rtf',
  'zip',
  'xml',
] as const

/* Data collection (metering.md sections 4, 9; docs/collection.md). */
export const TASK_INTERVALS = ['minutes', 'hours', 'days', 'once', 'cron'] as const
export const TASK_PRESETS = ['*/30 * * * *', '0 * * * *', '0 0 * * *'] as const
/** "Каждые": a positive number of up to 7 digits. */
export const TASK_VALUE_MAX_DIGITS = 7
export const TASK_STATES = ['working', 'stopped', 'paused', 'stopped_failed'] as const
export const MONITORING_STATUSES = ['PAUSED_FAILED', 'UNSTABLE', 'STOPPED_FAILED'] as const
export const MONITORING_INTERACTIONS_OPTIONS = [5, 10, 20] as const
export const MONITORING_INTERACTIONS_DEFAULT = 10
export const MONITORING_INTERACTIONS_MAX = 100
export const MONITORING_REFRESH_OPTIONS = [0, 30, 60] as const
export const MONITORING_REFRESH_MIN_S = 10
export const MONITORING_REFRESH_MAX_S = 600
export const MONITORING_HIDE_MS = 60 * 60 * 1000
export const CONSUMPTION_PAGE_SIZE = 32
/** The spec's «default extra angle» of the phase diagram: a label's turn from its arrow's tip, in degrees. */
export const PHASE_EXTRA_ANGLE = 15
/** Vector diagram scales: [arrow length, full-scale value] for voltage and current. */
export const PHASE_SCALE = { voltage: [165, 140], current: [140, 70] } as const
export const CURRENT_DATA_STATUSES = ['PENDING', 'DONE', 'ERROR'] as const
