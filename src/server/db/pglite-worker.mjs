// Runs PGlite on its own thread so that a long query never stalls the HTTP server.
// Plain JavaScript on purpose: worker threads start outside tsx and vitest's loaders.
import { readFileSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, protocol, types } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/** @param {string} value */
const asText = (value) => value
/** @param {Record<string, unknown>} parsers */
const allAsText = (parsers) => Object.fromEntries(Object.keys(parsers).map((oid) => [oid, asText]))

// Every value comes back as PostgreSQL's text; the main thread parses it the way node-postgres does.
// A new database may start as a copy of a dump (PGlite's dumpDataDir): tests start from one already migrated.
const db = new PGlite(workerData.dataDir, {
  extensions: { pg_trgm },
  parsers: allAsText(types.parsers),
  loadDataDir: workerData.template ? new Blob([readFileSync(workerData.template)]) : undefined,
})

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
 * Its columns are known from then on: an execution does not describe them again.
 * @type {Map<string, { name: string, types: number[], fields: { name: string, dataTypeID: number }[], resultFormats: number[] }>}
 */
const prepared = new Map()
/** Texts differ with the shape of a query (an IN list's length, a page's bounds), so the cache is bounded; the least recently used go first. */
const PREPARED_MAX = 500
let preparedCount = 0

const BYTEA = 17
const TEXT_FORMAT = 0
const BINARY_FORMAT = 1

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

const encoder = new TextEncoder()
const decoder = new TextDecoder()

/**
 * A Bind message with a result format per column: bytea comes as its bytes (binary), everything else as text.
 * PGlite's serializer offers one format for all columns only, and bytea as text is hex, twice its size, which
 * PostgreSQL writes and this thread decodes again.
 * @param {string} statement @param {(string | null)[]} values @param {number[]} resultFormats
 */
function bind(statement, values, resultFormats) {
  const name = encoder.encode(statement)
  const encoded = values.map((value) => (value === null ? null : encoder.encode(value)))
  const size = 4 + 1 + name.length + 1 + 2 + 2 + encoded.reduce((n, v) => n + 4 + (v?.length ?? 0), 0) + 2 + 2 * resultFormats.length
  const out = new Uint8Array(1 + size)
  const view = new DataView(out.buffer)
  out[0] = 0x42 // 'B'
  view.setInt32(1, size)
  let at = 6 // after the portal's name, an empty cstring
  out.set(name, at)
  at += name.length + 1
  at += 2 // no parameter format codes: all text
  view.setInt16(at, encoded.length)
  at += 2
  for (const value of encoded) {
    view.setInt32(at, value === null ? -1 : value.length)
    at += 4
    if (value) out.set(value, at)
    at += value?.length ?? 0
  }
  view.setInt16(at, resultFormats.length)
  at += 2
  for (const format of resultFormats) {
    view.setInt16(at, format)
    at += 2
  }
  return out
}

/** ErrorResponse field codes and the names node-postgres gives them. */
const ERROR_FIELDS = /** @type {Record<string, string>} */ ({
  S: 'severity',
  C: 'code',
  M: 'message',
  D: 'detail',
  H: 'hint',
  P: 'position',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  n: 'constraint',
})

/**
 * Reads the backend's answer to one exchange. Only what the pool uses is kept; text values are decoded once, bytea
 * values stay bytes. PGlite's own parser copies every value before decoding it, and node-postgres' (pg-protocol)
 * decodes every value as text, bytea included (docs/registry.md «Benchmark»).
 * @param {Uint8Array} bytes @param {number[]} formats the rows' columns' formats, as bound
 */
function readAnswer(bytes, formats) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  /**
   * @type {{
   *   rows: (string | Uint8Array | null)[][], fields: { name: string, dataTypeID: number }[], parameterTypes: number[],
   *   command: string, buffers: ArrayBuffer[], error?: Record<string, string>
   * }}
   */
  const answer = { rows: [], fields: [], parameterTypes: [], command: '', buffers: [] }
  /** @type {Uint8Array | undefined} */
  let copy
  const cstringEnd = (/** @type {number} */ at) => bytes.indexOf(0, at)
  for (let at = 0; at < bytes.length;) {
    const type = bytes[at]
    const end = at + 1 + view.getInt32(at + 1)
    let p = at + 5
    if (type === 0x44 /* D: a row */) {
      const count = view.getInt16(p)
      p += 2
      const row = new Array(count)
      for (let i = 0; i < count; i++) {
        const length = view.getInt32(p)
        p += 4
        if (length < 0) row[i] = null
        else {
          if (formats[i] === BINARY_FORMAT) {
            // Views of one copy of the answer, handed over in one transfer, not a buffer of its own per value.
            if (!copy) {
              copy = bytes.slice()
              answer.buffers.push(/** @type {ArrayBuffer} */ (copy.buffer))
            }
            row[i] = copy.subarray(p, p + length)
          } else row[i] = decoder.decode(bytes.subarray(p, p + length))
          p += length
        }
      }
      answer.rows.push(row)
    } else if (type === 0x54 /* T: the statement's columns, when it is prepared */) {
      const count = view.getInt16(p)
      p += 2
      for (let i = 0; i < count; i++) {
        const nameEnd = cstringEnd(p)
        const name = decoder.decode(bytes.subarray(p, nameEnd))
        p = nameEnd + 1
        answer.fields.push({ name, dataTypeID: view.getInt32(p + 6) })
        p += 18
      }
    } else if (type === 0x74 /* t: the parameters' types */) {
      const count = view.getInt16(p)
      for (let i = 0; i < count; i++) answer.parameterTypes.push(view.getInt32(p + 2 + 4 * i))
    } else if (type === 0x43 /* C: done */) {
      answer.command = decoder.decode(bytes.subarray(p, cstringEnd(p)))
    } else if (type === 0x45 /* E: an error; the backend skips the rest until Sync */) {
      /** @type {Record<string, string>} */
      const error = {}
      while (bytes[p] !== 0) {
        const code = String.fromCharCode(/** @type {number} */ (bytes[p]))
        const valueEnd = cstringEnd(p + 1)
        const key = ERROR_FIELDS[code]
        if (key) error[key] = decoder.decode(bytes.subarray(p + 1, valueEnd))
        p = valueEnd + 1
      }
      answer.error ??= error
    }
    at = end
  }
  return answer
}

/**
 * The backend's answer to the exchange under way, gathered from the chunks PGlite hands over (8 KB each). Kept
 * between exchanges, grown as an answer needs and given back after a large one, rather than copying every chunk and
 * joining the copies afterwards (docs/applications.md «Volume»).
 */
const RECEIVE_SIZE = 64 * 1024
let received = new Uint8Array(RECEIVE_SIZE)
let receivedLength = 0
/** @param {Uint8Array} chunk */
function receive(chunk) {
  if (receivedLength + chunk.length > received.length) {
    const grown = new Uint8Array(Math.max(2 * received.length, receivedLength + chunk.length))
    grown.set(received.subarray(0, receivedLength))
    received = grown
  }
  received.set(chunk, receivedLength)
  receivedLength += chunk.length
  return chunk.length
}

/**
 * Sends protocol messages and a Sync in one call and reads the answer; an error answer is thrown with its fields.
 * The raw stream hands over the backend's bytes without PGlite parsing them into messages first.
 * @param {Uint8Array[]} parts @param {number[]} [formats] the result formats a Bind among the parts asked for
 */
async function exchange(parts, formats = []) {
  receivedLength = 0
  await db.execProtocolRawStream(concat([...parts, serialize.sync()]), { onRawData: receive })
  const answer = readAnswer(received.subarray(0, receivedLength), formats)
  if (received.length > 16 * RECEIVE_SIZE) received = new Uint8Array(RECEIVE_SIZE)
  if (answer.error) throw answer.error
  return answer
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
  const described = await exchange([serialize.parse({ name, text }), serialize.describe({ type: 'S', name })])
  const resultFormats = described.fields.map((field) => (field.dataTypeID === BYTEA ? BINARY_FORMAT : TEXT_FORMAT))
  const statement = { name, types: described.parameterTypes, fields: described.fields, resultFormats }
  prepared.set(text, statement)
  return statement
}

/** @param {string} text @param {unknown[]} params */
async function executePrepared(text, params) {
  const { name, types: paramTypes, fields, resultFormats } = await prepare(text)
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null
    const serializer = db.serializers[paramTypes[i] ?? 0]
    return serializer ? serializer(value) : String(value)
  })
  const answer = await exchange([bind(name, values, resultFormats), serialize.execute({})], resultFormats)
  const [command, ...counts] = answer.command.split(' ')
  const affectedRows = ['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'].includes(command ?? '') ? Number(counts.at(-1)) || 0 : 0
  return { rows: answer.rows, fields, affectedRows, buffers: answer.buffers }
}

/** A statement whose tables changed shape since it was prepared ("cached plan must not change result type"). */
const isStalePlan = (/** @type {any} */ error) => error?.code === '0A000' && /cached plan/.test(String(error.message))
/** A text of several statements (a script) cannot be prepared; the simple protocol runs it. */
const isScript = (/** @type {any} */ error) => error?.code === '42601' && /multiple commands/.test(String(error.message))

/**
 * @param {{ sql: string, params?: unknown[] }} message
 * @returns {Promise<{ rows: any[][], fields: { name: string, dataTypeID: number }[], affectedRows?: number, buffers?: ArrayBuffer[] }>}
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
      parentPort?.postMessage(
        {
          id: message.id,
          rows: result.rows,
          fields: result.fields.map((/** @type {any} */ f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
          affectedRows: result.affectedRows ?? 0,
        },
        // bytea values are handed over without a copy (a balance ships megabytes).
        result.buffers ?? [],
      )
    } catch (error) {
      parentPort?.postMessage({ id: message.id, error: describe(error) })
    }
  })
})
