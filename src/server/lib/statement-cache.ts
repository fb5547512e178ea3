import type { Executor } from '../db/client'

/** Shapes one list keeps built for each database (transactions come and go; their statements go with them). */
const SHAPES_KEPT = 100

/**
 * A busy list's statements kept built, one per shape: what changes its SQL text (ordering, which filters, the page),
 * while the values are bound through Drizzle placeholders, so that Drizzle does not build the text again on every
 * call (docs/registry.md «Benchmark»). `build` returns a Drizzle prepared query; the name Drizzle asks for is a
 * label only, since both drivers prepare statements by their text (PreparingClient, the PGlite worker).
 * The least recently used shape leaves first.
 */
export function statementCache<Shape, Statement>(keyOf: (shape: Shape) => string, build: (db: Executor, shape: Shape) => Statement) {
  const byDatabase = new WeakMap<Executor, Map<string, Statement>>()
  return (db: Executor, shape: Shape): Statement => {
    let kept = byDatabase.get(db)
    if (!kept) byDatabase.set(db, (kept = new Map()))
    const key = keyOf(shape)
    let statement = kept.get(key)
    if (statement === undefined) {
      statement = build(db, shape)
      if (kept.size >= SHAPES_KEPT) kept.delete(kept.keys().next().value!)
    } else {
      kept.delete(key)
    }
    kept.set(key, statement)
    return statement
  }
}
