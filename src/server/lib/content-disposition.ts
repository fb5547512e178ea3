/**
 * The one Content-Disposition of every download (RFC 6266): an ASCII fallback for old clients, each character it
 * cannot carry as `_`, and the exact name in RFC 5987 form.
 */
export const contentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
