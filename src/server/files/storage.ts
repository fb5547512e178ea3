import { createHash, randomBytes } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Transform, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import multipart from '@fastify/multipart'
import { FILE_MAX_BYTES, FILES_PER_REQUEST_MAX, MB } from '../../shared/constants'
import { visibleText } from '../../shared/schemas/common'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { storedFiles } from '../db/schema'
import { badRequest, HttpError } from '../lib/http-errors'
import { allowedExtension } from '../../shared/validation/upload'

declare module 'fastify' {
  interface FastifyRequest {
    /** Every part receiveMultipart read (names, values, file names, each file's SHA-256): the Idempotency-Key's hash covers it. */
    multipartDigest?: string
  }
}

export type SavedFile = { fieldname: string; file_name: string; real_file_name: string; content_type: string; size: number; path: string }

/** The longest text field of a form; the multipart forms' ids are far shorter. */
const FIELD_MAX_BYTES = 10_000

const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  txt: 'text/plain',
  csv: 'text/csv',
  xml: 'application/xml',
  rtf: 'application/rtf',
  zip: 'application/zip',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
}

export const contentTypeOf = (fileName: string) => CONTENT_TYPES[path.extname(fileName).slice(1).toLowerCase()] ?? 'application/octet-stream'

const filesDirIn = (dataDir: string) => path.join(dataDir, 'files')
export const filesDir = (app: FastifyInstance) => filesDirIn(app.config.dataDir)

const newFileName = (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`

/** Multipart in the scope of a route plugin, with the upload limits (over them: 413). */
export async function registerUploads(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: FILE_MAX_BYTES, files: FILES_PER_REQUEST_MAX, fields: 50, fieldSize: FIELD_MAX_BYTES, parts: FILES_PER_REQUEST_MAX + 50 },
  })
}

/**
 * A file's name as staff read it: in one spelling, without control or invisible characters (a right-to-left override after «x»
 * made «x<RLO>fdp.txt» read as «xtxt.pdf»), and at most 255 characters kept from its end, where the extension is, never half of one.
 */
function readableName(fileName: string): string {
  return Array.from(visibleText(fileName).replace(/\p{Cc}/gu, ''))
    .slice(-255)
    .join('')
}

export const removeSaved = (files: SavedFile[]) => Promise.all(files.map((f) => rm(f.path, { force: true })))

/** What a route allows of one multipart request beyond the plugin's limits. */
export type UploadLimits = {
  /** Files whose field names give the same key (not null) are refused after the first. */
  oneFilePer?: (fieldname: string) => unknown
  /** The most bytes of all files together, and the refusal past them. */
  maxBytes?: { bytes: number; message: string }
  /** The files are read for the request's hash only, nothing is written: a used key answers the request. */
  hashOnly?: boolean
  /** Checks a file's field against the fields read before it, before a byte of the file is written; throws to refuse. */
  beforeFile?: (fieldname: string, fields: Record<string, string>) => Promise<void>
}

/** Passes a file's bytes on, counting them against the request's total and hashing them. */
function meteredFile(onChunk: (chunk: Buffer) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      try {
        onChunk(chunk)
        done(null, chunk)
      } catch (error) {
        done(error as Error)
      }
    },
  })
}

/** busboy's complaints about a body that is not multipart as declared (no boundary, a part cut off) carry no code. */
const unparsable = (error: unknown) => error instanceof Error && !('code' in error) && !('statusCode' in error)

/**
 * Reads a multipart request: fields as text, files streamed to disk under random names. Any failure (a type we
 * do not take, a file over the limit, a limit of the route) stops reading, removes what was written and rethrows,
 * so nothing half-stored remains. Sets `request.multipartDigest`.
 */
export async function receiveMultipart(
  app: FastifyInstance,
  request: FastifyRequest,
  limits: UploadLimits = {},
): Promise<{ fields: Record<string, string>; files: SavedFile[] }> {
  if (!request.isMultipart()) throw badRequest(T.unsupportedMedia)
  const dir = filesDir(app)
  await mkdir(dir, { recursive: true })
  const fields: Record<string, string> = {}
  const files: SavedFile[] = []
  const parts: string[][] = []
  const keys = new Set<unknown>()
  let total = 0
  try {
    for await (const part of request.parts()) {
      // A part every form names; one without a name comes from no form, and has no field to show a refusal on.
      if (!part.fieldname) throw badRequest(T.badMultipart)
      if (part.type === 'field') {
        if (part.valueTruncated) throw badRequest({ [part.fieldname]: [T.tooLong(FIELD_MAX_BYTES)] })
        if (Object.hasOwn(fields, part.fieldname)) throw badRequest({ [part.fieldname]: [T.fieldTwice] })
        fields[part.fieldname] = String(part.value)
        parts.push(['field', part.fieldname, String(part.value)])
        continue
      }
      // The extension decides the type: what is served back is always a type allowed, never the client's claim.
      const ext = allowedExtension(part.filename)
      const key = limits.oneFilePer?.(part.fieldname) ?? null
      if (!ext || (key !== null && keys.has(key))) {
        part.file.resume()
        throw badRequest({ [part.fieldname]: [ext ? T.requiredFileTwice : T.fileTypeNotAllowed] })
      }
      keys.add(key)
      if (limits.beforeFile) {
        try {
          await limits.beforeFile(part.fieldname, fields)
        } catch (error) {
          part.file.resume()
          throw error
        }
      }
      const fileName = newFileName(ext)
      const target = path.join(dir, fileName)
      const saved: SavedFile = {
        fieldname: part.fieldname,
        file_name: fileName,
        real_file_name: readableName(part.filename),
        content_type: CONTENT_TYPES[ext]!,
        size: 0,
        path: target,
      }
      files.push(saved)
      const hash = createHash('sha256')
      const meter = meteredFile((chunk) => {
        saved.size += chunk.length
        total += chunk.length
        if (limits.maxBytes && total > limits.maxBytes.bytes) throw badRequest({ non_field_errors: [limits.maxBytes.message] })
        hash.update(chunk)
      })
      await pipeline(part.file, meter, limits.hashOnly ? new Writable({ write: (_chunk, _encoding, done) => done() }) : createWriteStream(target))
      // Cut at the limit; the parser's own refusal, at the next part, would name neither the file nor the limit.
      if (part.file.truncated) throw new HttpError(413, { detail: T.uploadTooLarge(saved.real_file_name, FILE_MAX_BYTES / MB) })
      if (saved.size === 0) throw badRequest({ [part.fieldname]: [T.fileEmpty] })
      parts.push(['file', part.fieldname, part.filename, hash.digest('hex')])
    }
  } catch (error) {
    await removeSaved(files)
    throw unparsable(error) ? badRequest(T.badMultipart) : error
  }
  request.multipartDigest = createHash('sha256').update(JSON.stringify(parts)).digest('hex')
  return { fields, files }
}

/** Stores content made by the server itself (demo data) exactly as an upload is stored; record it with recordFiles. */
export async function saveContent(dataDir: string, realName: string, content: Buffer): Promise<SavedFile> {
  const ext = allowedExtension(realName)
  if (!ext) throw new Error(`not an allowed file type: ${realName}`)
  const dir = filesDirIn(dataDir)
  await mkdir(dir, { recursive: true })
  const fileName = newFileName(ext)
  const target = path.join(dir, fileName)
  await writeFile(target, content)
  return { fieldname: '', file_name: fileName, real_file_name: realName, content_type: CONTENT_TYPES[ext]!, size: content.length, path: target }
}

/** Records saved files so that downloads can find them; returns their ids in order. */
export async function recordFiles(tx: Executor, files: SavedFile[], userId: number): Promise<number[]> {
  if (files.length === 0) return []
  const rows = await tx
    .insert(storedFiles)
    .values(files.map(({ file_name, real_file_name, content_type, size }) => ({ file_name, real_file_name, content_type, size, created_by: userId })))
    .returning({ file_id: storedFiles.file_id })
  return rows.map((r) => r.file_id)
}
