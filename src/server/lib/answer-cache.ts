/**
 * Answers kept per key for a short while, for reads every open console polls (the signed-in user's rights, the
 * applications' badges). The promise itself is kept, so that callers arriving together share one query; a failed one
 * is dropped at once, so that the next call asks again.
 */
export function answerCache<TKey, TAnswer>(ttlMs: number) {
  const entries = new Map<TKey, { until: number; answer: Promise<TAnswer> }>()
  return {
    get(key: TKey, load: () => Promise<TAnswer>): Promise<TAnswer> {
      const hit = entries.get(key)
      if (hit && hit.until > Date.now()) return hit.answer
      const answer = load()
      entries.set(key, { until: Date.now() + ttlMs, answer })
      answer.catch(() => entries.delete(key))
      return answer
    },
    delete: (key: TKey) => entries.delete(key),
    clear: () => entries.clear(),
  }
}
