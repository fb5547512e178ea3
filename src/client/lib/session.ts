import { T } from '../../shared/texts'
import { tokenSubject } from '../../shared/token'
import { fullName } from './format'

/** The stored token: the console is signed in exactly when one is stored (metering.md section 4). */
const TOKEN_KEY = 'token'
const FLAG_KEY = 'logged_in'
/** The signed-in user's last answer, kept with the token it was answered for (see lib/saved-user). */
const USER_KEY = 'signed_in_user'
/** When the token runs out by this device's clock: its lifetime (exp - iat) counted from when it was received. */
const EXPIRES_KEY = 'token_expires_at'

/** The token's lifetime in ms from its payload, or null when it names none. */
function lifetimeOf(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: unknown; iat?: unknown }
    return typeof payload.exp === 'number' && typeof payload.iat === 'number' ? (payload.exp - payload.iat) * 1000 : null
  } catch {
    return null
  }
}

type Listener = () => void
const listeners = new Set<Listener>()

export const session = {
  token(): string | null {
    return localStorage.getItem(TOKEN_KEY)
  },
  isLoggedIn(): boolean {
    return localStorage.getItem(TOKEN_KEY) !== null
  },
  /** The signed-in user's id, or null when signed out: it labels what this user leaves on a shared device. */
  userId(): number | null {
    const token = localStorage.getItem(TOKEN_KEY)
    return token === null ? null : tokenSubject(token)
  },
  /** Whether the token has run out: an offline start cannot ask the server, so the device's clock decides. */
  expired(): boolean {
    const at = Number(localStorage.getItem(EXPIRES_KEY))
    return at > 0 && Date.now() >= at
  },
  signIn(token: string) {
    localStorage.removeItem(USER_KEY)
    const lifetime = lifetimeOf(token)
    if (lifetime === null) localStorage.removeItem(EXPIRES_KEY)
    else localStorage.setItem(EXPIRES_KEY, String(Date.now() + lifetime))
    localStorage.setItem(TOKEN_KEY, token)
    localStorage.setItem(FLAG_KEY, 'true')
    listeners.forEach((l) => l())
  },
  signOut() {
    localStorage.removeItem(TOKEN_KEY)
    localStorage.removeItem(FLAG_KEY)
    localStorage.removeItem(USER_KEY)
    localStorage.removeItem(EXPIRES_KEY)
    listeners.forEach((l) => l())
  },
  savedUser(): unknown {
    try {
      return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null')
    } catch {
      return null
    }
  },
  saveUser(saved: unknown) {
    if (this.isLoggedIn()) localStorage.setItem(USER_KEY, JSON.stringify(saved))
  },
  subscribe(listener: Listener) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

/** The signed-in user's name as the device last heard it (lib/saved-user), to label their edits for the next user. */
export function signedInUserName(): string | undefined {
  const saved = session.savedUser() as { user?: { first_name?: string; last_name?: string; username?: string } } | null
  const user = saved?.user
  if (!user) return undefined
  return fullName(user) || user.username || undefined
}

/** The author of an edit made now: the signed-in user (the screens that edit are shown only to one). */
export function signedInUserId(): number {
  const id = session.userId()
  if (id === null) throw new Error(T.editNeedsSignIn)
  return id
}
