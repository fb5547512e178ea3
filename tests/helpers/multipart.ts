import { randomBytes } from 'node:crypto'

export type UploadFile = { field: string; name: string; content: Buffer | string; type?: string }

/** A multipart/form-data body for app.inject or fetch: text fields (as pairs, a name may come twice) and files. */
export function multipart(
  fields: Record<string, string | number> | [string, string | number][],
  files: UploadFile[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----test${randomBytes(8).toString('hex')}`
  const parts: Buffer[] = []
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
    )
    parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content))
    parts.push(Buffer.from('\r\n'))
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
