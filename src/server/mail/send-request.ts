import { readFileSync } from 'node:fs'
import nodemailer from 'nodemailer'
import type { SmtpEncryption } from '../../shared/schemas/account'

export type SmtpAccount = { smtp_host: string; smtp_port: number; smtp_user: string; smtp_password: string; smtp_encryption: SmtpEncryption }
export type OutgoingMail = { from: string; to: string; subject: string; text: string; attachments: { filename: string; path: string; contentType: string }[] }

/**
 * Sends one message through an account's SMTP server: SSL is TLS from the first byte, STARTTLS upgrades a plain
 * connection and refuses to go on without it. SMTP_CA_FILE adds a trusted CA for an in-house server.
 */
export async function sendThroughAccount(account: SmtpAccount, mail: OutgoingMail): Promise<void> {
  const ca = process.env.SMTP_CA_FILE ? readFileSync(process.env.SMTP_CA_FILE) : undefined
  const transport = nodemailer.createTransport({
    host: account.smtp_host,
    port: account.smtp_port,
    secure: account.smtp_encryption === 'SSL',
    requireTLS: account.smtp_encryption === 'STARTTLS',
    auth: account.smtp_user ? { user: account.smtp_user, pass: account.smtp_password } : undefined,
    tls: ca ? { ca } : undefined,
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  })
  try {
    await transport.sendMail(mail)
  } finally {
    transport.close()
  }
}
