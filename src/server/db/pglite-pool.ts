import { Worker } from 'node:worker_threads'
import { mkdirSync } from 'node:fs'
import pg from 'pg'

type Field = { name: string; dataTypeID: number }
type WorkerAnswer =
  | { id: number; rows: (string | Uint8Array | null)[][]; fields: Field[]; affectedRows: number }
  | { id: number; error: Record<string, unknown> & { message: string } }
  | { id: number; closed: true }
type QueryConfig = {
  text: string
  values?: unknown[]
  rowMode?: 'array'
  types?: { getTypeParser: (oid: number, format?: string) => (value: string) => unknown }
}
type QueryResult = { rows: unknown[]; fields: Field[]; rowCount: number; command: string }

/** A database error carrying PostgreSQL's fields (code, constraint ...), like node-postgres' DatabaseError. */
class PgliteError extends Error {
  constructor(fields: Record<string, unknown> & { message: string }) {
    super(fields.message)
    Object.assign(this, fields)
  }
}

/** Serialises access to the single PGlite connection: a transaction holds it until release, a plain query while it is sent. */
class Mutex {
  private tail: Promise<void> = Promise.resolve()
  lock(): Promise<() => void> {
    let release!: () => void
    const next = new Promise<void>((resolve) => (release = resolve))
    const acquired = this.tail.then(() => release)
    this.tail = this.tail.then(() => next)
    return acquired
  }
}

function toDriverValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString()
  return value
}

/**
 * A node-postgres Pool look-alike in front of PGlite running in a worker thread, so that Drizzle's
 * node-postgres driver (and its transactions) runs unchanged on the embedded database.
 * The class name must contain "Pool": Drizzle checks it to take a client for each transaction.
 */
export class PgliteWorkerPool {
  private readonly worker: Worker
  private readonly pending = new Map<number, (answer: WorkerAnswer) => void>()
  private readonly mutex = new Mutex()
  private nextId = 1
  readonly ready: Promise<void>

  /** `template`: a dump file (PGlite's dumpDataDir) a new database starts from. */
  constructor(dataDir: string, template?: string) {
    if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true })
    this.worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), { workerData: { dataDir, template } })
    this.ready = new Promise((resolve, reject) => {
      this.worker.once('error', reject)
      const onReady = (message: { ready?: boolean }) => {
        if (message.ready) {
          this.worker.off('message', onReady)
          resolve()
        }
      }
      this.worker.on('message', onReady)
    })
    this.worker.on('message', (answer: WorkerAnswer & { ready?: boolean }) => {
      if (answer.ready) return
      const settle = this.pending.get(answer.id)
      this.pending.delete(answer.id)
      settle?.(answer)
    })
    this.worker.on('error', (error) => {
      for (const settle of this.pending.values()) settle({ id: 0, error: { message: error.message } })
      this.pending.clear()
    })
  }

  private send(message: { sql?: string; params?: unknown[]; close?: boolean }): Promise<WorkerAnswer> {
    const id = this.nextId++
    return new Promise((resolve) => {
      this.pending.set(id, resolve)
      this.worker.postMessage({ id, ...message })
    })
  }

  /** Runs one statement on the connection, whoever holds the lock; the statement is posted before the first await. */
  async run(config: QueryConfig | string, values?: unknown[]): Promise<QueryResult> {
    const query = typeof config === 'string' ? { text: config, values } : { ...config, values: values ?? config.values }
    const answer = await this.send({ sql: query.text, params: (query.values ?? []).map(toDriverValue) })
    if ('error' in answer) throw new PgliteError(answer.error)
    if (!('rows' in answer)) throw new Error('PGlite worker closed')
    const parsers = answer.fields.map((f) => (query.types ? query.types.getTypeParser(f.dataTypeID, 'text') : pg.types.getTypeParser(f.dataTypeID, 'text')))
    // bytea arrives already decoded by the worker; it becomes a Buffer, as node-postgres gives it.
    const parsed = answer.rows.map((row) =>
      row.map((v, i) => (v === null ? null : typeof v === 'string' ? parsers[i]!(v) : Buffer.from(v.buffer, v.byteOffset, v.byteLength))),
    )
    const rows = query.rowMode === 'array' ? parsed : parsed.map((row) => Object.fromEntries(answer.fields.map((f, i) => [f.name, row[i]])))
    return { rows, fields: answer.fields, rowCount: answer.affectedRows || rows.length, command: '' }
  }

  /**
   * A query outside a transaction holds the connection only while it is posted: the worker runs statements in the
   * order they arrive, so the next query already waits there when this one ends, instead of the worker idling until
   * the HTTP thread gets round to sending it (a list's two statements were half the time waiting so).
   */
  async query(config: QueryConfig | string, values?: unknown[]): Promise<QueryResult> {
    await this.ready
    const release = await this.mutex.lock()
    const answer = this.run(config, values)
    release()
    return answer
  }

  /** A client that owns the connection until release(), as Drizzle's transactions expect. */
  async connect() {
    await this.ready
    const release = await this.mutex.lock()
    return {
      query: (config: QueryConfig | string, values?: unknown[]) => this.run(config, values),
      release: () => release(),
    }
  }

  async end(): Promise<void> {
    const release = await this.mutex.lock()
    try {
      await this.send({ close: true })
    } finally {
      release()
      await this.worker.terminate()
    }
  }
}
