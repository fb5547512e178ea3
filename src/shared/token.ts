/**
 * The user id the server signed into a token (the JWT `sub` claim), or null. Read without checking the
 * signature: the server checks it on every call; the console and its worker only use it to tell whose
 * outbox, caches and counts are whose on a device several people sign in on.
 */
export function tokenSubject(token: string): number | null {
  try {
    const payload = token.split('.')[1] ?? ''
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    const id = Number((JSON.parse(json) as { sub?: unknown }).sub)
    return Number.isInteger(id) && id > 0 ? id : null
  } catch {
    return null
  }
}
