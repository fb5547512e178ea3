/** Application status colours (administration.md section 4): 1 none, 2 orange, 3 green (accepted), 4 red (declined). */
export const REQUEST_STATUS_PALETTE: Record<number, string> = { 1: 'gray', 2: 'orange', 3: 'green', 4: 'red' }

/** Attachment status colours: 3 'На рассмотрении' blue, 1 'Принят' green, 2 'Отклонен' red. */
export const ATTACH_STATUS_PALETTE: Record<number, string> = { 3: 'blue', 1: 'green', 2: 'red' }
