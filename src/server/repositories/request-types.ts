import { asc, eq, sql } from 'drizzle-orm'
import { customerTypeName } from '../../shared/schemas/customers'
import type { DocumentType, RequiredFile } from '../../shared/schemas/requests'
import type { Executor } from '../db/client'
import { customers, documentRequiredFiles, documentTypeRequiredFiles, documentTypes, storedFiles } from '../db/schema'
import { knownIds } from '../lib/known-ids'
import { listPage } from '../lib/listing'

type Page = { page: number; per_page?: number; page_size?: number | 'all' }

const typeColumns = {
  doc_type_id: documentTypes.doc_type_id,
  doc_type_name: documentTypes.doc_type_name,
  doc_customer_type_id: documentTypes.doc_customer_type_id,
  expired_in_days: documentTypes.expired_in_days,
  required_files: sql<DocumentType['required_files']>`coalesce((select json_agg(json_build_object('doc_required_file_id', f.doc_required_file_id,
    'doc_required_file_name', f.doc_required_file_name, 'short_file_name', f.short_file_name) order by f.doc_required_file_id)
    from ${documentTypeRequiredFiles} l join ${documentRequiredFiles} f on f.doc_required_file_id = l.doc_required_file_id
    where l.doc_type_id = ${documentTypes}.doc_type_id), '[]'::json)`,
}

const toType = (row: Omit<DocumentType, 'name' | 'customer_type_name'>): DocumentType => ({
  ...row,
  name: row.doc_type_name,
  customer_type_name: customerTypeName(row.doc_customer_type_id),
})

/** The request types; a subscriber's (`customerId`) only those for its own customer type, the ones it may file. */
export async function listTypes(db: Executor, query: Page, customerId?: number) {
  const order = [asc(documentTypes.doc_type_name), asc(documentTypes.doc_type_id)]
  const where =
    customerId === undefined
      ? undefined
      : eq(documentTypes.doc_customer_type_id, sql`(select ${customers.customer_type} from ${customers} where ${customers.customer_id} = ${customerId})`)
  return listPage(db, { rows: db.select(typeColumns).from(documentTypes), counted: documentTypes, where, order }, query, toType)
}

export async function findType(db: Executor, id: number): Promise<DocumentType | undefined> {
  const [row] = await db.select(typeColumns).from(documentTypes).where(eq(documentTypes.doc_type_id, id))
  return row && toType(row)
}

const fileColumns = {
  doc_required_file_id: documentRequiredFiles.doc_required_file_id,
  doc_required_file_name: documentRequiredFiles.doc_required_file_name,
  short_file_name: documentRequiredFiles.short_file_name,
  doc_required_file_example: sql<RequiredFile['doc_required_file_example']>`case when ${storedFiles.file_id} is null then null
    else json_build_object('file_name', ${storedFiles.file_name}, 'real_file_name', ${storedFiles.real_file_name}) end`,
}

const selectFiles = (db: Executor) =>
  db.select(fileColumns).from(documentRequiredFiles).leftJoin(storedFiles, eq(storedFiles.file_id, documentRequiredFiles.example_file_id))

export async function listRequiredFiles(db: Executor, query: Page & { document_type?: number }) {
  if (query.document_type !== undefined) {
    const results = await selectFiles(db)
      .innerJoin(documentTypeRequiredFiles, eq(documentTypeRequiredFiles.doc_required_file_id, documentRequiredFiles.doc_required_file_id))
      .where(eq(documentTypeRequiredFiles.doc_type_id, query.document_type))
      .orderBy(asc(documentRequiredFiles.doc_required_file_id))
    return { count: results.length, results }
  }
  return listPage(db, { rows: selectFiles(db), counted: documentRequiredFiles, order: [asc(documentRequiredFiles.doc_required_file_id)] }, query)
}

export async function findRequiredFile(db: Executor, id: number): Promise<RequiredFile | undefined> {
  const [row] = await selectFiles(db).where(eq(documentRequiredFiles.doc_required_file_id, id))
  return row
}

type TypeFields = typeof documentTypes.$inferInsert
type RequiredFileFields = typeof documentRequiredFiles.$inferInsert

export async function insertType(db: Executor, fields: TypeFields): Promise<number> {
  const [row] = await db.insert(documentTypes).values(fields).returning({ id: documentTypes.doc_type_id })
  return row!.id
}

export async function updateType(db: Executor, id: number, set: Partial<TypeFields>): Promise<void> {
  if (Object.keys(set).length) await db.update(documentTypes).set(set).where(eq(documentTypes.doc_type_id, id))
}

/** The ids without repeats, once each is a required file; one that is not is refused with `refusal`. */
export const knownRequiredFiles = (db: Executor, ids: number[], refusal: Error): Promise<number[]> =>
  knownIds(db, documentRequiredFiles.doc_required_file_id, ids, refusal)

/** Sets the type's required files to exactly these. */
export async function linkRequiredFiles(db: Executor, typeId: number, ids: number[]): Promise<void> {
  await db.delete(documentTypeRequiredFiles).where(eq(documentTypeRequiredFiles.doc_type_id, typeId))
  if (ids.length) await db.insert(documentTypeRequiredFiles).values(ids.map((id) => ({ doc_type_id: typeId, doc_required_file_id: id })))
}

export async function insertRequiredFile(db: Executor, fields: RequiredFileFields): Promise<number> {
  const [row] = await db.insert(documentRequiredFiles).values(fields).returning({ id: documentRequiredFiles.doc_required_file_id })
  return row!.id
}

export async function updateRequiredFile(db: Executor, id: number, set: Partial<RequiredFileFields>): Promise<void> {
  if (Object.keys(set).length) await db.update(documentRequiredFiles).set(set).where(eq(documentRequiredFiles.doc_required_file_id, id))
}
