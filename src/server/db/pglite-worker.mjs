// Runs PGlite on its own thread so that a long query never stalls the HTTP server.
// Plain JavaScript on purpose: worker threads start outside tsx and vitest's loaders.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, types } from '@electric-sql/pglite'
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

/** @param {{ sql: string, params?: unknown[] }} message */
async function run({ sql, params }) {
  const options = { rowMode: /** @type {const} */ ('array') }
  if (params && params.length > 0) return db.query(sql, params, options)
  // Without parameters use the simple protocol, which accepts several statements (migrations).
  const results = await db.exec(sql, options)
  return results[results.length - 1] ?? { rows: [], fields: [], affectedRows: 0 }
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
