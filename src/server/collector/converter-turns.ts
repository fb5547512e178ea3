/*
 * One poll at a time per RS-485 converter. A converter (the host:port of an installation's conn_params) in TCP server
 * mode shares its one serial line among all its TCP connections and sends every answer to each of them (MOXA NPort,
 * "Max connection" above 1), so two meters behind it polled at once take each other's answers. Polls of a converter
 * therefore take turns, first come first served, each holding it from connect to close; polls of different converters
 * run at once. The turns are kept within this process only: services on other machines polling the same converter
 * are not kept out (docs/collection.md).
 */

/** The turn last given out on each converter in use; the next poll's turn comes when it ends. */
const lastTurns = new Map<string, Promise<void>>()
/** Polls of this process waiting for their turn. */
let waiting = 0
/** Told when a poll starts to wait, which frees its slot: a round claims more then. */
const waitListeners = new Set<() => void>()

/** A converter by its host (case aside) and port. */
export function converterOf(host: string, port: number): string {
  return `${host.toLowerCase()}:${port}`
}

/** Runs `poll` in its turn on the converter; `waited` tells it that another poll had the converter first. */
export async function inTurn<T>(converter: string, poll: (waited: boolean) => Promise<T>): Promise<T> {
  const previous = lastTurns.get(converter)
  let end!: () => void
  const turn = new Promise<void>((resolve) => (end = resolve))
  lastTurns.set(converter, turn)
  if (previous) {
    waiting++
    for (const listener of waitListeners) listener()
    await previous
    waiting--
  }
  try {
    return await poll(previous !== undefined)
  } finally {
    end()
    if (lastTurns.get(converter) === turn) lastTurns.delete(converter)
  }
}

/**
 * How many more polls a round or service of `running` polls may start with `concurrency` at once. A poll waiting for
 * its converter holds no connection and takes no slot: otherwise the meters of one converter, claimed together as
 * their tasks come due together, would hold the slots while other converters stand idle.
 */
export function freeSlots(concurrency: number, running: number): number {
  return concurrency - Math.max(0, running - waiting)
}

/** Calls `listener` whenever a poll starts waiting for its converter, which frees its slot; answers the unsubscribe. */
export function onWaitStart(listener: () => void): () => void {
  waitListeners.add(listener)
  return () => waitListeners.delete(listener)
}
