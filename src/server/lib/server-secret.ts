import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const secretFile = (dataDir: string) => path.join(dataDir, 'server-secret')

/** The server secret if there is one: JWT_SECRET when set, otherwise the one generated into the data folder. */
export function readServerSecret(configured: string | undefined, dataDir: string): string | undefined {
  if (configured) return configured
  const file = secretFile(dataDir)
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined
}

/**
 * The secret that signs tokens and seals stored passwords: JWT_SECRET when set (required when several
 * processes share a database), otherwise generated once into the data folder.
 */
export function loadServerSecret(configured: string | undefined, dataDir: string): string {
  const existing = readServerSecret(configured, dataDir)
  if (existing) return existing
  mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(secretFile(dataDir), secret, { mode: 0o600 })
  return secret
}
