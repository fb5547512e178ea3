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

/** The converters in use, each with the polls waiting for it in the order they will run. */
const queues = new Map<string, Waiter[]>()
/** Told when a poll starts to wait, which frees its slot: a round claims more then. */
const waitListeners = new Set<() => void>()

/** A converter by its host (case aside) and port. */
export function converterOf(host: string, port: number): string {
  return `${host.toLowerCase()}:${port}`
}

/**
 * Runs `poll` in its turn on the converter; `waited` tells it that another poll had the converter first. A read a person
 * asked for (`onDemand`: «Обновить», power switching) goes ahead of the scheduled polls waiting, after the reads asked
 * for before it: the poll holding the converter is never cut short.
 */
export async function inTurn<T>(converter: string, poll: (waited: boolean) => Promise<T>, { onDemand = false } = {}): Promise<T> {
  const queue = queues.get(converter)
  if (queue) {
    await new Promise<void>((go) => {
      const firstScheduled = onDemand ? queue.findIndex((waiter) => !waiter.onDemand) : -1
      queue.splice(firstScheduled === -1 ? queue.length : firstScheduled, 0, { onDemand, go })
      for (const listener of waitListeners) listener()
    })
  } else {
    queues.set(converter, [])
  }
  try {
    return await poll(queue !== undefined)
  } finally {
    const next = queues.get(converter)!.shift()
    if (next) next.go()
    else queues.delete(converter)
  }
}

/**
 * How many more polls a round or service of `running` polls may start with `concurrency` at once. A poll waiting for
 * its converter holds no connection and takes no slot: otherwise the meters of one converter, claimed together as
 * their tasks come due together, would hold the slots while other converters stand idle.
 */
export function freeSlots(concurrency: number, running: number): number {
  let waiting = 0
  for (const queue of queues.values()) waiting += queue.length
  return concurrency - Math.max(0, running - waiting)
}

/** Calls `listener` whenever a poll starts waiting for its converter, which frees its slot; answers the unsubscribe. */
export function onWaitStart(listener: () => void): () => void {
  waitListeners.add(listener)
  return () => waitListeners.delete(listener)
}
