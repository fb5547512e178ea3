import { createHash } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { T } from '../../shared/texts'
import type { Executor } from '../db/client'
import { accountEmails, accounts, documentRequests, outgoingMails } from '../db/schema'
import { audit } from '../lib/audit'
import { badRequest } from '../lib/http-errors'
import { findRequest, listAttachments, listCloseFiles, scopeOf } from '../repositories/requests'
import { composeRequestMail } from './request-mail'
import { sendThroughAccount } from './send-request'

/** A sender that claimed a mail this long ago died mid-send (nodemailer gives up well within it): the claim lapses. */
const CLAIM_LAPSES = sql`now() - interval '5 minutes'`

/**
 * Records the mail of an application to the energy-sales company in the caller's transaction, or finds the same
 * mail already recorded and not failed (sent, or on its way): a repeated click on an unchanged application sends
 * nothing new, while a change (a status, a closing file, another address) makes a new mail.
 */
export async function queueRequestMail(tx: Executor, app: FastifyInstance, request: FastifyRequest, docRequestId: number): Promise<{ mail_id: number }> {
  const me = request.user()
  // The application's row serialises its mails: two clicks at once record one.
  await tx.select({ id: documentRequests.doc_request_id }).from(documentRequests).where(eq(documentRequests.doc_request_id, docRequestId)).for('update')
  const accountId = me.account_id ?? 0
  const [account] = await tx.select().from(accounts).where(eq(accounts.account_id, accountId))
  const [smtp] = await tx.select().from(accountEmails).where(eq(accountEmails.account_id, accountId)).orderBy(asc(accountEmails.account_email_id)).limit(1)
  if (!account?.external_notify_email || !smtp) throw badRequest(T.externalNotConfigured)
  const found = (await findRequest(tx, scopeOf(me), docRequestId))!
  const mail = composeRequestMail(app, {
    from: smtp.smtp_user.includes('@') ? smtp.smtp_user : account.support_email || `noreply@${smtp.smtp_host}`,
    to: account.external_notify_email,
    request: found,
    attachments: await listAttachments(tx, scopeOf(me), docRequestId),
    closeFiles: await listCloseFiles(tx, docRequestId),
  })
  const fingerprint = createHash('sha256')
    .update(JSON.stringify([smtp.account_email_id, mail]))
    .digest('hex')
  const [same] = await tx
    .select({ mail_id: outgoingMails.mail_id })
    .from(outgoingMails)
    .where(
      and(
        eq(outgoingMails.doc_request_id, docRequestId),
        eq(outgoingMails.fingerprint, fingerprint),
        sql`(${outgoingMails.state} in ('pending', 'sent') or ${outgoingMails.state} = 'sending' and ${outgoingMails.claimed_at} > ${CLAIM_LAPSES})`,
      ),
    )
    .orderBy(desc(outgoingMails.mail_id))
    .limit(1)
  if (same) return same
  const [row] = await tx
    .insert(outgoingMails)
    .values({ doc_request_id: docRequestId, account_email_id: smtp.account_email_id, fingerprint, mail })
    .returning({ mail_id: outgoingMails.mail_id })
  return row!
}

/**
 * Sends a recorded mail after its transaction committed; true when it is sent (or another process is sending
 * it). One claim per mail sends: a pending mail, a failed one retried under its Idempotency-Key, or one whose
 * claim lapsed. Requests of this process asking for a mail already being sent wait for that send.
 * Being sent and the application's `external_send_date` are written in one transaction.
 */
export function mailDeliverer(app: FastifyInstance): (mailId: number, request: FastifyRequest) => Promise<boolean> {
  const inFlight = new Map<number, Promise<boolean>>()

  const deliver = async (mailId: number, request: FastifyRequest): Promise<boolean> => {
    const [claimed] = await app.db
      .update(outgoingMails)
      .set({ state: 'sending', claimed_at: sql`now()` })
      .where(
        and(
          eq(outgoingMails.mail_id, mailId),
          sql`(${outgoingMails.state} in ('pending', 'failed') or ${outgoingMails.state} = 'sending' and ${outgoingMails.claimed_at} <= ${CLAIM_LAPSES})`,
        ),
      )
      .returning()
    if (!claimed) {
      const [current] = await app.db.select({ state: outgoingMails.state }).from(outgoingMails).where(eq(outgoingMails.mail_id, mailId))
      return current?.state === 'sent' || current?.state === 'sending'
    }
    try {
      const [smtp] = await app.db
        .select()
        .from(accountEmails)
        .where(eq(accountEmails.account_email_id, claimed.account_email_id ?? 0))
      if (!smtp) throw new Error('the SMTP account of the mail was removed')
      await sendThroughAccount(
        { ...smtp, smtp_password: app.box.open(smtp.smtp_password_sealed), smtp_encryption: smtp.smtp_encryption as 'SSL' | 'STARTTLS' },
        claimed.mail,
      )
    } catch (error) {
      request.log.warn({ err: error }, 'sending an application to the energy-sales company failed')
      await app.db.update(outgoingMails).set({ state: 'failed' }).where(eq(outgoingMails.mail_id, mailId))
      return false
    }
    await app.db.transaction(async (tx) => {
      const id = claimed.doc_request_id
      const before = await findRequest(tx, scopeOf(request.user()), id)
      await tx
        .update(outgoingMails)
        .set({ state: 'sent', sent_at: sql`now()` })
        .where(eq(outgoingMails.mail_id, mailId))
      await tx
        .update(documentRequests)
        .set({ external_send_date: sql`now()` })
        .where(eq(documentRequests.doc_request_id, id))
      const after = await findRequest(tx, scopeOf(request.user()), id)
      await audit(tx, request, 'document_request', id, 'send_to_external', before, after, claimed.mail.to)
    })
    return true
  }

  return (mailId, request) => {
    let sending = inFlight.get(mailId)
    if (!sending) {
      sending = deliver(mailId, request).finally(() => inFlight.delete(mailId))
      inFlight.set(mailId, sending)
    }
    return sending
  }
}
