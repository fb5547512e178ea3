import { ALLOWED_FILE_EXTENSIONS, FILE_MAX_BYTES, FILES_PER_REQUEST_MAX, MB } from '../constants'
import { T } from '../texts'

/** A file picker's `accept`: the kinds the server stores, so the picker offers those. */
export const UPLOAD_ACCEPT = ALLOWED_FILE_EXTENSIONS.map((ext) => `.${ext}`).join(',')

/** The extension as the server reads it (Node's `path.extname`): none for «virus» or «.pdf». */
const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.')
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : ''
}

/**
 * What the server's upload limits would refuse of the chosen files, naming the first file refused; undefined when it
 * would take them all. Checked before sending, so a file over the limit is not uploaded only to be refused.
 */
export function uploadProblem(files: readonly { name: string; size: number }[]): string | undefined {
  if (files.length > FILES_PER_REQUEST_MAX) return T.uploadTooMany(FILES_PER_REQUEST_MAX)
  for (const { name, size } of files) {
    if (!(ALLOWED_FILE_EXTENSIONS as readonly string[]).includes(extensionOf(name))) return T.uploadTypeNotAllowed(name)
    if (size === 0) return T.uploadEmpty(name)
    if (size > FILE_MAX_BYTES) return T.uploadTooLarge(name, FILE_MAX_BYTES / MB)
  }
  return undefined
}
