import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { Attachment, CloseFile, DocumentRequest } from '../../shared/schemas/requests'
import { contentTypeOf, filesDir } from '../files/storage'
import type { OutgoingMail } from './send-request'

const ddmmyyyy = (iso: string) => iso.slice(0, 10).split('-').reverse().join('.')

/** The application as the energy-sales company receives it: its particulars in the text, its files attached. */
export function composeRequestMail(
  app: FastifyInstance,
  input: { from: string; to: string; request: DocumentRequest; attachments: Attachment[]; closeFiles: CloseFile[] },
): OutgoingMail {
  const r = input.request
  const lines = [
    `Заявка № ${r.request_number} от ${ddmmyyyy(r.created_at)}`,
    `Тип заявки: ${r.type.name}`,
    `Статус: ${r.status.name}`,
    `Абонент: ${r.customer.name}${r.customer.customer_number ? `, лицевой счёт ${r.customer.customer_number}` : ''}`,
    r.customer.company_inn ? `ИНН: ${r.customer.company_inn}` : '',
    `Заявитель: ${[r.user.last_name, r.user.first_name, r.user.middle_name].filter(Boolean).join(' ')}`,
    r.expired_date ? `Срок рассмотрения: ${ddmmyyyy(r.expired_date)}` : '',
  ].filter(Boolean)
  const files = [
    ...input.attachments.map((a) => ({ file_name: a.file_name, real_file_name: a.real_file_name })),
    ...input.closeFiles.map((c) => c.doc_close_file),
  ]
  return {
    from: input.from,
    to: input.to,
    subject: `Заявка № ${r.request_number}: ${r.type.name}`,
    text: lines.join('\n'),
    attachments: files.map((f) => ({
      filename: f.real_file_name,
      path: path.join(filesDir(app), f.file_name),
      contentType: contentTypeOf(f.file_name),
    })),
  }
}
