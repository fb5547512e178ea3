import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'

/** The only login the test server accepts. */
export const SMTP_USER = { user: 'robot@gorelectroset.example', pass: 'smtp-secret' }

export type TestSmtp = { port: number; mails: { to: string; raw: string }[]; close: () => Promise<void> }

/**
 * A real SMTP server over TLS on loopback, with a self-signed certificate that the mailer trusts through
 * SMTP_CA_FILE (set here, removed on close). It keeps every mail it receives, raw.
 */
export async function startTestSmtp(): Promise<TestSmtp> {
  const tlsDir = mkdtempSync(path.join(tmpdir(), 'test-smtp-'))
  const key = path.join(tlsDir, 'key.pem')
  const cert = path.join(tlsDir, 'cert.pem')
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  )
  process.env.SMTP_CA_FILE = cert
  const mails: TestSmtp['mails'] = []
  const smtp = new SMTPServer({
    secure: true,
    key: readFileSync(key),
    cert: readFileSync(cert),
    onAuth: (auth, _session, callback) =>
      callback(auth.username === SMTP_USER.user && auth.password === SMTP_USER.pass ? null : new Error('bad auth'), { user: auth.username }),
    onData: (stream, session, callback) => {
      let raw = ''
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('latin1')))
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()))
  return {
    port: (smtp.server.address() as { port: number }).port,
    mails,
    close: async () => {
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
      delete process.env.SMTP_CA_FILE
      rmSync(tlsDir, { recursive: true, force: true })
    },
  }
}
