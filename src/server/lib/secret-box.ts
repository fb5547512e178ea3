import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/** What `seal` writes; also a POSIX regular expression, so SQL can tell sealed values from plain ones. */
export const SEALED_FORMAT = /^v1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/

/** Seals short secrets (SMTP and meter passwords) at rest with AES-256-GCM under a key derived from the server secret. */
export function secretBox(serverSecret: string) {
  const key = createHash('sha256').update(`secret-box:${serverSecret}`).digest()
  return {
    seal(plain: string): string {
      if (plain === '') return ''
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join('.')
    },
    open(sealed: string): string {
      if (sealed === '') return ''
      const [version, iv, tag, data] = sealed.split('.')
      if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown sealed format')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'))
      decipher.setAuthTag(Buffer.from(tag, 'base64'))
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8')
    },
  }
}
export type SecretBox = ReturnType<typeof secretBox>
