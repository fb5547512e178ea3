import { and, asc, count, eq, inArray } from 'drizzle-orm'
import * as v from 'valibot'
import { CLOSING_DOCUMENT_FILE_ID } from '../../../shared/constants'
import { customerInput } from '../../../shared/schemas/customers'
import type { Executor } from '../client'
import {
  customers,
  documentAttachmentComments,
  documentCloseFiles,
  documentRequestAttachments,
  documentRequests,
  documentRequiredFiles,
  documentTypeRequiredFiles,
  documentTypes,
  users,
} from '../schema'
import { hashPassword } from '../../lib/password'
import { recordFiles, saveContent } from '../../files/storage'
import { TINY_PNG, tinyPdf } from '../../files/sample-files'
import { insertCustomer } from '../../repositories/customers'
import type { BaseSeedResult } from './base'
import type { SeedOptions } from './index'

const DAY = 86_400_000

/** Subscribers of the three types; the numbers pass the shared checks (parsed with customerInput below). */
const DEMO_CUSTOMERS = [
  { customer_number: 'ЛС-100101', customer_type: 1, last_name: 'Кузнецова', first_name: 'Марина', middle_name: 'Сергеевна', snils: '112-233-445 95' },
  { customer_number: 'ЛС-100102', customer_type: 1, last_name: 'Волков', first_name: 'Андрей', middle_name: 'Николаевич', snils: '234-567-890 99' },
  {
    customer_number: 'ЛС-200201',
    customer_type: 2,
    last_name: 'Соколов',
    first_name: 'Дмитрий',
    middle_name: 'Павлович',
    snils: '345-678-901 23',
    company_inn: '500100732259',
    company_ogrn: '304500116000157',
    company_legal_address: 'г. Подольск, ул. Советская, д. 12',
  },
  {
    customer_number: 'ЛС-300301',
    customer_type: 3,
    last_name: 'Морозов',
    first_name: 'Виктор',
    middle_name: 'Алексеевич',
    company_full_name: 'Общество с ограниченной ответственностью «Северный завод металлоконструкций»',
    company_short_name: 'ООО «СЗМК»',
    company_inn: '7736050003',
    company_kpp: '773601001',
    company_ogrn: '1027739057500',
    company_legal_address: 'г. Москва, ул. Заводская, д. 3',
  },
] as const

const SUBSCRIBERS = [
  { username: 'abonent', first_name: 'Марина', last_name: 'Кузнецова', middle_name: 'Сергеевна' },
  { username: 'abonent-ip', first_name: 'Дмитрий', last_name: 'Соколов', middle_name: 'Павлович' },
  { username: 'abonent-org', first_name: 'Виктор', last_name: 'Морозов', middle_name: 'Алексеевич' },
]

/** Request types by subscriber type, with the ids of the required files of migration 0006. */
const TYPES = [
  { doc_type_name: 'Замена прибора учёта', doc_customer_type_id: 1, expired_in_days: 10, files: [1, 2, 15] },
  { doc_type_name: 'Переоформление договора энергоснабжения', doc_customer_type_id: 2, expired_in_days: 15, files: [1, 8, 17] },
  { doc_type_name: 'Технологическое присоединение', doc_customer_type_id: 3, expired_in_days: 30, files: [1, 7, 18, 19] },
]

type Staff = { operator: number; admin: number }
type Plan = {
  subscriber: number
  type: number
  daysAgo: number
  status: 1 | 2 | 3 | 4
  assigned?: keyof Staff
  archived?: boolean
  declineReason?: string
  /** Per attachment: its status and the comments on it (by staff or by the subscriber). */
  attachments?: { status: 1 | 2 | 3; comments?: { staff: boolean; text: string; viewed?: boolean }[] }[]
  closing?: boolean
  sent?: boolean
}

/** One application in each status: new, in progress, accepted with closing files, declined with a reason, archived. */
const APPLICATIONS: Plan[] = [
  { subscriber: 0, type: 0, daysAgo: 0, status: 1 },
  { subscriber: 2, type: 2, daysAgo: 1, status: 1 },
  {
    subscriber: 1,
    type: 1,
    daysAgo: 4,
    status: 2,
    assigned: 'operator',
    attachments: [
      { status: 1 },
      {
        status: 2,
        comments: [
          { staff: true, text: 'Выписка старше 30 дней, приложите свежую', viewed: true },
          { staff: false, text: 'Загружу новую выписку завтра' },
        ],
      },
      { status: 3 },
    ],
  },
  {
    subscriber: 0,
    type: 0,
    daysAgo: 12,
    status: 3,
    assigned: 'operator',
    closing: true,
    sent: true,
    attachments: [{ status: 1 }, { status: 1 }, { status: 1, comments: [{ staff: true, text: 'Показания приняты', viewed: true }] }],
  },
  {
    subscriber: 2,
    type: 2,
    daysAgo: 9,
    status: 4,
    assigned: 'admin',
    declineReason: 'Не приложены технические условия на присоединение',
    attachments: [{ status: 1 }, { status: 1 }, { status: 2, comments: [{ staff: true, text: 'Файл пустой', viewed: false }] }, { status: 3 }],
  },
  {
    subscriber: 0,
    type: 0,
    daysAgo: 40,
    status: 3,
    assigned: 'operator',
    archived: true,
    closing: true,
    attachments: [{ status: 1 }, { status: 1 }, { status: 1 }],
  },
]

async function demoCustomers(db: Executor, accountId: number): Promise<number[]> {
  const [existing] = await db.select({ n: count() }).from(customers).where(eq(customers.account_id, accountId))
  if (Number(existing?.n ?? 0) === 0) for (const c of DEMO_CUSTOMERS) await insertCustomer(db, accountId, v.parse(customerInput, c))
  const rows = await db
    .select({ id: customers.customer_id, type: customers.customer_type })
    .from(customers)
    .where(eq(customers.account_id, accountId))
    .orderBy(asc(customers.customer_id))
  // One subscriber of each type: an individual, a sole proprietor, a legal entity (the first of a type, else the first).
  return [1, 2, 3].map((type) => (rows.find((r) => r.type === type) ?? rows[0]!).id)
}

async function demoSubscribers(db: Executor, accountId: number, customerIds: number[]): Promise<number[]> {
  const passwordHash = await hashPassword('demo-password')
  const ids: number[] = []
  for (const [i, person] of SUBSCRIBERS.entries()) {
    const [existing] = await db.select({ id: users.user_id }).from(users).where(eq(users.username, person.username))
    const [user] = existing
      ? [existing]
      : await db
          .insert(users)
          .values({
            ...person,
            password_hash: passwordHash,
            email: `${person.username}@mail.example`,
            account_id: accountId,
            is_stuff: false,
            customer_id: customerIds[i]!,
          })
          .returning({ id: users.user_id })
    ids.push(user!.id)
  }
  return ids
}

async function demoTypes(db: Executor, userId: number, dataDir: string): Promise<number[]> {
  const ids: number[] = []
  for (const { files, ...type } of TYPES) {
    const [row] = await db.insert(documentTypes).values(type).returning({ id: documentTypes.doc_type_id })
    await db.insert(documentTypeRequiredFiles).values(files.map((fileId) => ({ doc_type_id: row!.id, doc_required_file_id: fileId })))
    ids.push(row!.id)
  }
  // Samples of the application form and of the meter photo, so that the required-files screen has downloads.
  const samples = [
    await saveContent(dataDir, 'Образец заявления.pdf', tinyPdf('Application form sample')),
    await saveContent(dataDir, 'Образец фото ПУ.png', TINY_PNG),
  ]
  const [formId, photoId] = await recordFiles(db, samples, userId)
  await db.update(documentRequiredFiles).set({ example_file_id: formId }).where(eq(documentRequiredFiles.doc_required_file_id, 1))
  await db.update(documentRequiredFiles).set({ example_file_id: photoId }).where(eq(documentRequiredFiles.doc_required_file_id, 15))
  return ids
}

async function storeDemoFile(db: Executor, dataDir: string, userId: number, realName: string, image: boolean): Promise<number> {
  const saved = await saveContent(dataDir, realName, image ? TINY_PNG : tinyPdf(realName.replace(/[^\x20-\x7e]/g, '') || 'document'))
  const [id] = await recordFiles(db, [saved], userId)
  return id!
}

/** Demo step 'requests': subscribers who file applications, request types with their files, applications in every status. */
export async function seedRequests(db: Executor, base: BaseSeedResult, options: SeedOptions): Promise<void> {
  const staffRows = await db
    .select({ id: users.user_id, username: users.username, superuser: users.is_superuser })
    .from(users)
    .where(and(eq(users.account_id, base.accountId), eq(users.is_stuff, true)))
  const admin = staffRows.find((u) => u.superuser)!.id
  const staff: Staff = { admin, operator: staffRows.find((u) => u.username === 'operator')?.id ?? admin }
  const customerIds = await demoCustomers(db, base.accountId)
  const subscriberIds = await demoSubscribers(db, base.accountId, customerIds)
  const typeIds = await demoTypes(db, admin, options.dataDir)
  const typeFiles = await db
    .select({ type: documentTypeRequiredFiles.doc_type_id, id: documentRequiredFiles.doc_required_file_id, name: documentRequiredFiles.short_file_name })
    .from(documentTypeRequiredFiles)
    .innerJoin(documentRequiredFiles, eq(documentRequiredFiles.doc_required_file_id, documentTypeRequiredFiles.doc_required_file_id))
    .where(inArray(documentTypeRequiredFiles.doc_type_id, typeIds))
    .orderBy(asc(documentRequiredFiles.doc_required_file_id))

  for (const plan of APPLICATIONS) {
    const userId = subscriberIds[plan.subscriber]!
    const typeId = typeIds[plan.type]!
    const type = TYPES[plan.type]!
    const required = typeFiles.filter((f) => f.type === typeId)
    const createdAt = new Date(Date.now() - plan.daysAgo * DAY)
    const [row] = await db
      .insert(documentRequests)
      .values({
        account_id: base.accountId,
        customer_id: customerIds[plan.subscriber]!,
        user_id: userId,
        doc_type_id: typeId,
        doc_status: plan.status,
        decline_reason: plan.declineReason ?? '',
        assigned_user_id: plan.assigned ? staff[plan.assigned] : null,
        expired_date: new Date(createdAt.getTime() + type.expired_in_days * DAY).toISOString().slice(0, 10),
        archived: plan.archived ?? false,
        // Applications nobody opened yet still count their files as new.
        new_files: plan.status === 1 ? required.length : 0,
        external_send_date: plan.sent ? new Date(createdAt.getTime() + 2 * DAY) : null,
        created_at: createdAt,
      })
      .returning({ id: documentRequests.doc_request_id })
    const requestId = row!.id
    await db
      .update(documentRequests)
      .set({ request_number: String(requestId).padStart(6, '0') })
      .where(eq(documentRequests.doc_request_id, requestId))

    for (const [i, file] of required.entries()) {
      const attachPlan = plan.attachments?.[i] ?? { status: 3 as const }
      const fileId = await storeDemoFile(db, options.dataDir, userId, `${file.name}.${file.id === 15 ? 'png' : 'pdf'}`, file.id === 15)
      const [attach] = await db
        .insert(documentRequestAttachments)
        .values({
          doc_request_id: requestId,
          doc_required_file_id: file.id,
          file_id: fileId,
          doc_request_attach_status: attachPlan.status,
          created_at: createdAt,
        })
        .returning({ id: documentRequestAttachments.doc_request_attach_id })
      for (const comment of attachPlan.comments ?? []) {
        await db.insert(documentAttachmentComments).values({
          doc_request_attach_id: attach!.id,
          doc_request_id: requestId,
          doc_attachment_comment: comment.text,
          created_by: comment.staff ? staff[plan.assigned ?? 'admin'] : userId,
          by_staff: comment.staff,
          viewed: comment.viewed ?? false,
        })
      }
    }
    if (plan.closing) {
      const fileId = await storeDemoFile(db, options.dataDir, staff[plan.assigned ?? 'admin'], `Акт выполненных работ № ${requestId}.pdf`, false)
      await db.insert(documentCloseFiles).values({ doc_request_id: requestId, doc_required_file_id: CLOSING_DOCUMENT_FILE_ID, file_id: fileId })
    }
  }
}
