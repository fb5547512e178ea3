import { createHash } from 'node:crypto'
import pg from 'pg'

/** Statements one connection keeps prepared (asyncpg keeps 100 per connection, npgsql's automatic preparation 250). */
export const PREPARED_PER_CONNECTION = 250

/** Prepared are queries with parameters and selects without (Drizzle writes page bounds into the text). */
export const preparable = (text: string, params: unknown): boolean => (Array.isArray(params) && params.length > 0) || /^select\s/i.test(text)

type Config = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown }

/**
 * A node-postgres client that prepares each query once per connection, named by a hash of its text, as the embedded
 * worker does: PostgreSQL then neither parses nor plans it again on every call (its plan cache chooses between a
 * generic plan and planning for the values). Other statements without parameters (migrations, scripts) run as they
 * come. Once a connection keeps its bound of statements, new texts run unnamed until the pool replaces it.
 * A name given by the caller (Drizzle's prepare() asks for one) is replaced the same way, so that the bound holds.
 */
export class PreparingClient extends pg.Client {
  private readonly names = new Map<string, string>()

  constructor(config?: string | pg.ClientConfig) {
    super(config)
    // node-postgres' query() has many overloads; Drizzle and the pool call query(config, values[, callback]).
    const query = this.query.bind(this) as (...args: unknown[]) => unknown
    this.query = ((...args: unknown[]) => {
      const [first, values] = args
      const config = first as Config
      if (typeof config === 'object' && config !== null && typeof config.text === 'string' && typeof config.submit !== 'function') {
        args[0] = { ...config, name: this.nameOf(config.text, Array.isArray(values) ? values : config.values) }
      }
      return query(...args)
    }) as typeof this.query
  }

  private nameOf(text: string, values: unknown): string | undefined {
    if (!preparable(text, values)) return undefined
    const known = this.names.get(text)
    if (known || this.names.size >= PREPARED_PER_CONNECTION) return known
    const name = `p_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`
    this.names.set(text, name)
    return name
  }
}
