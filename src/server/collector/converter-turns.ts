/*
 * One poll at a time per RS-485 converter. A converter (the host:port of an installation's conn_params) in TCP server
 * mode shares its one serial line among all its TCP connections and sends every answer to each of them (MOXA NPort,
 * "Max connection" above 1), so two meters behind it polled at once take each other's answers. Polls of a converter
 * therefore take turns, first come first served but a person's read first, each holding it from connect to close;
 * polls of different converters run at once. The turns are kept within this process only: services on other machines
 * polling the same converter are not kept out (docs/collection.md).
 */

interface Waiter {
  onDemand: boolean
  go: () => void
}

/** A converter in use: the polls waiting for it in the order they came, and how many reads went ahead of a scheduled poll. */
interface Converter {
  waiting: Waiter[]
  aheadInARow: number
}

/**
 * How many reads people ask for may go ahead of a scheduled poll waiting, one after another; then the scheduled poll
 * has its turn, so that a stream of them («Обновить» on every meter, power switched on and off) cannot stop the polling.
 */
export const ON_DEMAND_AHEAD_MAX = 3

/** Thrown to a poll still waiting for its converter when its service stops: it never ran. */
export class TurnCancelled extends Error {}

const converters = new Map<string, Converter>()
/** Told when a poll starts to wait, which frees its slot: a round claims more then. */
const waitListeners = new Set<() => void>()

/** A converter by its host (case aside) and port. */
export function converterOf(host: string, port: number): string {
  return `${host.toLowerCase()}:${port}`
}

/** The poll to have the converter next: a person's read, oldest first, unless ON_DEMAND_AHEAD_MAX went ahead already. */
function nextWaiter(converter: Converter): Waiter | undefined {
  const { waiting } = converter
  const scheduled = waiting.findIndex((waiter) => !waiter.onDemand)
  const onDemand = waiting.findIndex((waiter) => waiter.onDemand)
  const ahead = onDemand !== -1 && (scheduled === -1 || converter.aheadInARow < ON_DEMAND_AHEAD_MAX)
  converter.aheadInARow = ahead && scheduled !== -1 ? converter.aheadInARow + 1 : 0
  return waiting.splice(ahead ? onDemand : scheduled, 1)[0]
}

/**
 * Runs `poll` in its turn on the converter; `waited` tells it that another poll had the converter first. A read a person
 * asked for (`onDemand`: «Обновить», power switching) goes ahead of the scheduled polls waiting, after the reads asked
 * for before it and at most ON_DEMAND_AHEAD_MAX in a row: the poll holding the converter is never cut short. `stop`
 * ends the wait of a poll that has not had its turn yet, with TurnCancelled.
 */
export async function inTurn<T>(
  key: string,
  poll: (waited: boolean) => Promise<T>,
  { onDemand = false, stop }: { onDemand?: boolean; stop?: AbortSignal } = {},
): Promise<T> {
  if (stop?.aborted) throw new TurnCancelled()
  const converter = converters.get(key)
  if (converter) {
    await new Promise<void>((turn, cancel) => {
      const onStop = () => {
        converter.waiting.splice(converter.waiting.indexOf(waiter), 1)
        cancel(new TurnCancelled())
      }
      const waiter: Waiter = {
        onDemand,
        go: () => {
          stop?.removeEventListener('abort', onStop)
          turn()
        },
      }
      converter.waiting.push(waiter)
      stop?.addEventListener('abort', onStop, { once: true })
      for (const listener of waitListeners) listener()
    })
  } else {
    converters.set(key, { waiting: [], aheadInARow: 0 })
  }
  try {
    return await poll(converter !== undefined)
  } finally {
    const next = nextWaiter(converters.get(key)!)
    if (next) next.go()
    else converters.delete(key)
  }
}

/**
 * How many more polls a round or service of `running` polls may start with `concurrency` at once. A poll waiting for
 * its converter holds no connection and takes no slot: otherwise the meters of one converter, claimed together as
 * their tasks come due together, would hold the slots while other converters stand idle.
 */
export function freeSlots(concurrency: number, running: number): number {
  let waiting = 0
  for (const converter of converters.values()) waiting += converter.waiting.length
  return concurrency - Math.max(0, running - waiting)
}

/** Calls `listener` whenever a poll starts waiting for its converter, which frees its slot; answers the unsubscribe. */
export function onWaitStart(listener: () => void): () => void {
  waitListeners.add(listener)
  return () => waitListeners.delete(listener)
}
