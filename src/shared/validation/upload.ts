import { ALLOWED_FILE_EXTENSIONS, FILE_MAX_BYTES, FILES_PER_REQUEST_MAX, MB } from '../constants'
import { T } from '../texts'

/** A file picker's `accept`: the kinds the server stores, so the picker offers those. */
export const UPLOAD_ACCEPT = ALLOWED_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',')

/**
 * A file name's extension, lower case, when it is of a kind the server stores; null otherwise (none for «virus» or
 * «.pdf», as Node's `path.extname` reads them). The browser's check and the server's are this one rule.
 */
export function allowedExtension(name: string): string | null {
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
  return (ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(ext) ? ext : null
}

/**
 * What the server's upload limits would refuse of the chosen files, naming the first file refused; undefined when it
 * would take them all. Checked before sending, so a file over the limit is not uploaded only to be refused.
 */
export function uploadProblem(files: readonly { name: string; size: number }[]): string | undefined {
  if (files.length > FILES_PER_REQUEST_MAX) return T.uploadTooMany(FILES_PER_REQUEST_MAX)
  for (const { name, size } of files) {
    if (!allowedExtension(name)) return T.uploadTypeNotAllowed(name)
    if (size === 0) return T.uploadEmpty(name)
    if (size > FILE_MAX_BYTES) return T.uploadTooLarge(name, FILE_MAX_BYTES / MB)
  }
  return undefined
}
