// Runs PGlite on its own thread so that a long query never stalls the HTTP server.
// Plain JavaScript on purpose: worker threads start outside tsx and vitest's loaders.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, protocol, types } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/** @param {string} value */
const asText = (value) => value
/** @param {Record<string, unknown>} parsers */
const allAsText = (parsers) => Object.fromEntries(Object.keys(parsers).map((oid) => [oid, asText]))

// Every value comes back as PostgreSQL's text; the main thread parses it the way node-postgres does.
const db = new PGlite(workerData.dataDir, { extensions: { pg_trgm }, parsers: allAsText(types.parsers) })

/** @param {any} error */
function describe(error) {
  /** @type {Record<string, unknown>} */
  const out = { message: String(error?.message ?? error) }
  for (const key of ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity', 'where', 'position']) {
    if (error && error[key] !== undefined) out[key] = error[key]
  }
  return out
}

const { serialize } = protocol

/**
 * Statements are prepared once per text and then only bound and executed: in WASM parsing and planning a list's
 * joins costs milliseconds, several times its execution. PostgreSQL's plan cache decides per statement
 * between a generic plan and planning again for the values, as it does for any prepared statement.
 * @type {Map<string, { name: string, types: number[] }>}
 */
const prepared = new Map()
/** Texts differ with the shape of a query (an IN list's length, a page's bounds), so the cache is bounded; the least recently used go first. */
const PREPARED_MAX = 500
let preparedCount = 0

/** @param {Uint8Array[]} parts */
function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/**
 * Sends protocol messages and a Sync in one call; an error answer is thrown with its fields.
 * @param {Uint8Array[]} parts
 */
async function exchange(parts) {
  const { messages } = await db.execProtocol(concat([...parts, serialize.sync()]), { throwOnError: false })
  const error = messages.find((m) => m.name === 'error')
  if (error) throw error
  return messages
}

/** @param {string} text */
async function prepare(text) {
  const known = prepared.get(text)
  if (known) {
    // Map keeps insertion order: moved to the end, the statement is the last one to be closed.
    prepared.delete(text)
    prepared.set(text, known)
    return known
  }
  if (prepared.size >= PREPARED_MAX) {
    const [oldestText, oldest] = /** @type {[string, { name: string }]} */ (prepared.entries().next().value)
    prepared.delete(oldestText)
    await exchange([serialize.close({ type: 'S', name: oldest.name })])
  }
  const name = `s${++preparedCount}`
  const messages = await exchange([serialize.parse({ name, text }), serialize.describe({ type: 'S', name })])
  const statement = { name, types: /** @type {any} */ (messages.find((m) => m.name === 'parameterDescription'))?.dataTypeIDs ?? [] }
  prepared.set(text, statement)
  return statement
}

/** @param {string} text @param {unknown[]} params */
async function executePrepared(text, params) {
  const { name, types: paramTypes } = await prepare(text)
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null
    const serializer = db.serializers[paramTypes[i] ?? 0]
    return serializer ? serializer(value) : String(value)
  })
  const messages = await exchange([serialize.bind({ statement: name, values }), serialize.describe({ type: 'P' }), serialize.execute({})])
  /** @type {{ rows: unknown[][], fields: { name: string, dataTypeID: number }[], affectedRows: number }} */
  const result = { rows: [], fields: [], affectedRows: 0 }
  for (const m of /** @type {any[]} */ (messages)) {
    if (m.name === 'rowDescription') result.fields = m.fields
    else if (m.name === 'dataRow') result.rows.push(m.fields)
    else if (m.name === 'commandComplete') {
      const [command, ...counts] = String(m.text).split(' ')
      if (['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'].includes(command ?? '')) result.affectedRows = Number(counts.at(-1)) || 0
    }
  }
  return result
}

/** A statement whose tables changed shape since it was prepared ("cached plan must not change result type"). */
const isStalePlan = (/** @type {any} */ error) => error?.code === '0A000' && /cached plan/.test(String(error.message))
/** A text of several statements (a script) cannot be prepared; the simple protocol runs it. */
const isScript = (/** @type {any} */ error) => error?.code === '42601' && /multiple commands/.test(String(error.message))

/**
 * @param {{ sql: string, params?: unknown[] }} message
 * @returns {Promise<{ rows: any[][], fields: { name: string, dataTypeID: number }[], affectedRows?: number }>}
 */
async function run({ sql, params = [] }) {
  try {
    return await executePrepared(sql, params)
  } catch (error) {
    if (isStalePlan(error)) {
      const stale = prepared.get(sql)
      prepared.delete(sql)
      if (stale) await exchange([serialize.close({ type: 'S', name: stale.name })])
      return executePrepared(sql, params)
    }
    if (!isScript(error) || params.length > 0) throw error
    const results = await db.exec(sql, { rowMode: 'array' })
    return /** @type {any} */ (results[results.length - 1]) ?? { rows: [], fields: [], affectedRows: 0 }
  }
}

const BYTEA = 17

/**
 * bytea comes out of PGlite as hex text, twice its size: decode it here and hand the bytes over without a copy
 * (a balance ships megabytes of binary series).
 * @param {{ rows: unknown[][], fields: { dataTypeID: number }[] }} result
 * @returns {ArrayBuffer[]} the buffers to transfer
 */
function decodeBytea(result) {
  const columns = result.fields.flatMap((field, i) => (field.dataTypeID === BYTEA ? [i] : []))
  const transfer = []
  for (const row of result.rows) {
    for (const i of columns) {
      const hex = row[i]
      if (typeof hex !== 'string') continue
      const bytes = new Uint8Array((hex.length - 2) / 2)
      Buffer.from(bytes.buffer).write(hex.slice(2), 'hex')
      row[i] = bytes
      transfer.push(bytes.buffer)
    }
  }
  return transfer
}

let chain = db.waitReady.then(() => {
  // PGlite adds parsers for array types when it opens: those too must give text.
  Object.assign(db.parsers, allAsText(db.parsers))
  parentPort?.postMessage({ ready: true })
})

parentPort?.on('message', (message) => {
  chain = chain.then(async () => {
    if (message.close) {
      await db.close()
      parentPort?.postMessage({ id: message.id, closed: true })
      return
    }
    try {
      const result = await run(message)
      const transfer = decodeBytea(result)
      parentPort?.postMessage(
        {
          id: message.id,
          rows: result.rows,
          fields: result.fields.map((/** @type {any} */ f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
          affectedRows: result.affectedRows ?? 0,
        },
        transfer,
      )
    } catch (error) {
      parentPort?.postMessage({ id: message.id, error: describe(error) })
    }
  })
})
