/**
 * A state held outside React that screens follow (the sync's and the mirror's): `get` and `subscribe` for
 * `useSyncExternalStore`, and `update`, which merges a patch and tells the listeners only when a field changed.
 */
export function stateStore<S extends object>(initial: S) {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    get: (): S => state,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    update: (patch: Partial<S>): void => {
      const next = { ...state, ...patch }
      if ((Object.keys(next) as (keyof S)[]).every((key) => next[key] === state[key])) return
      state = next
      listeners.forEach((listener) => listener())
    },
  }
}
