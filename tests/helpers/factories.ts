/**
 * Test data as the product knows it: a meter model, points, meters, a meter installed on a point, objects with their
 * points, subscribers, users and their groups, application types and a subscriber's application. Rows are written
 * straight into the database (the API paths are tested on their own); every name and number is unique within a test
 * file unless the test gives its own.
 */
import { eq, inArray, sql } from 'drizzle-orm'
import type { Permission } from '../../src/shared/permissions'
import type { Executor } from '../../src/server/db/client'
import {
  accounts,
  counterModelApis,
  counterModels,
  counters,
  customers,
  documentRequests,
  documentTypeRequiredFiles,
  documentTypes,
  groupPermissions,
  permissions,
  permissionsGroups,
  pointCounters,
  points,
  representPoints,
  represents,
  resourceTypes,
  userGroups,
  users,
} from '../../src/server/db/schema'
import { hashPassword } from '../../src/server/lib/password'

/** An instant given in Moscow local time (UTC+3), as test data names its days. */
export const msk = (local: string) => new Date(`${local}+03:00`)

export type Installation = {
  at: Date
  removedAt?: Date | null
  coeff?: number
  coeffVoltage?: number
  sourceId?: number | null
  connParams?: Record<string, string>
}

/** The password of every user a factory makes. */
export const USER_PASSWORD = 'password-123'

/**
 * Users made here get a cheaper hash (the former N=2^14), asked for explicitly: at the product's N=2^17 each costs
 * about a second of CPU here. One who signs in gets the full-cost hash then, as any outdated hash does.
 */
const TEST_PASSWORD_PARAMS = { N: 2 ** 14, r: 8, p: 1 }

/** Shared by every factories() of a test file, so that two of them never make the same name or number. */
let seq = 0

export function factories(db: Executor) {
  let defaultModel: Promise<number> | undefined
  let defaultAccount: Promise<number | null> | undefined

  /** The database's first meter model, or else a Mercury 230 made on its own resource type and protocol. */
  const model = () =>
    (defaultModel ??= (async () => {
      const [known] = await db.select({ id: counterModels.model_id }).from(counterModels).orderBy(counterModels.model_id).limit(1)
      if (known) return known.id
      const [rt] = await db.insert(resourceTypes).values({ name: 'Электроэнергия' }).returning()
      const [api] = await db.insert(counterModelApis).values({ name: 'Меркурий 230', resource_type_id: rt!.resource_type_id, driver: 'mercury230' }).returning()
      const [m] = await db
        .insert(counterModels)
        .values({ name: 'Меркурий 230 ART-03', resource_type_id: rt!.resource_type_id, counter_model_api_id: api!.counter_model_api_id })
        .returning()
      return m!.model_id
    })())

  /** The database's first account (the base seed's), the one subscribers and users belong to unless told. */
  const account = () =>
    (defaultAccount ??= db
      .select({ id: accounts.account_id })
      .from(accounts)
      .orderBy(accounts.account_id)
      .limit(1)
      .then(([row]) => row?.id ?? null))

  const point = async (fields: Partial<typeof points.$inferInsert> = {}) => {
    const n = ++seq
    const [row] = await db
      .insert(points)
      .values({ name: `Точка ${n}`, point_number: `PN-${n}`, address: `ул. Ленина, ${n}`, ...fields })
      .returning()
    return row!.point_id
  }

  const meter = async (fields: { serial_num?: string; model_id?: number; coeff?: number; coeff_voltage?: number } = {}) => {
    const [row] = await db
      .insert(counters)
      .values({ serial_num: `SN-${Date.now() % 100_000}-${++seq}`, ...fields, model_id: fields.model_id ?? (await model()) })
      .returning()
    return row!.counter_id
  }

  const install = async (pointId: number, counterId: number, on: Installation) => {
    await db.insert(pointCounters).values({
      point_id: pointId,
      counter_id: counterId,
      installed_at: on.at,
      removed_at: on.removedAt ?? null,
      coeff: on.coeff ?? 1,
      coeff_voltage: on.coeffVoltage ?? 1,
      ...(on.sourceId !== undefined ? { source_id: on.sourceId } : {}),
      ...(on.connParams ? { conn_params: on.connParams } : {}),
    })
  }

  const object = async (name = `Объект ${++seq}`, parentId: number | null = null) =>
    (await db.insert(represents).values({ name, parent_id: parentId }).returning())[0]!.represent_id

  /** Adds points to an object in their order, with one sign (1 in, -1 out) or each its own. */
  const withPoints = async (representId: number, pointIds: number[], sign: number | number[] = 1) => {
    await db.insert(representPoints).values(
      pointIds.map((point_id, i) => ({
        represent_id: representId,
        point_id,
        color: '#3182ce',
        order_num: i + 1,
        sign: Array.isArray(sign) ? sign[i]! : sign,
      })),
    )
  }

  /** A subscriber of the account: an individual, Иванов Иван Иванович, unless the fields say otherwise. */
  const customer = async (fields: Partial<typeof customers.$inferInsert> = {}) => {
    const [row] = await db
      .insert(customers)
      .values({
        account_id: await account(),
        customer_number: `Л-${++seq}`,
        customer_type: 1,
        last_name: 'Иванов',
        first_name: 'Иван',
        middle_name: 'Иванович',
        ...fields,
      })
      .returning()
    return row!.customer_id
  }

  /** A permissions group holding exactly these permissions. */
  const group = async (perms: Permission[], name = `Группа ${++seq}`) => {
    const [row] = await db.insert(permissionsGroups).values({ name }).returning()
    const id = row!.permissions_group_id
    if (perms.length) {
      const ids = await db.select({ id: permissions.permission_id }).from(permissions).where(inArray(permissions.codename, perms))
      await db.insert(groupPermissions).values(ids.map((p) => ({ permissions_group_id: id, permission_id: p.id })))
    }
    return id
  }

  /** A user of the account, staff unless the fields say otherwise, in these groups, signing in with USER_PASSWORD. */
  const user = async (fields: Partial<typeof users.$inferInsert> = {}, groups: number[] = []) => {
    const username = fields.username ?? `user-${++seq}`
    const [row] = await db
      .insert(users)
      .values({
        account_id: await account(),
        first_name: 'Тест',
        last_name: username,
        password_hash: await hashPassword(USER_PASSWORD, TEST_PASSWORD_PARAMS),
        ...fields,
        username,
      })
      .returning()
    if (groups.length) await db.insert(userGroups).values(groups.map((permissions_group_id) => ({ user_id: row!.user_id, permissions_group_id })))
    return row!
  }

  /** A type of application, for individuals unless told, requiring these files (document_required_files ids). */
  const requestType = async (fields: Partial<typeof documentTypes.$inferInsert> = {}, requiredFiles: number[] = []) => {
    const [row] = await db
      .insert(documentTypes)
      .values({ doc_type_name: `Заявка ${++seq}`, ...fields })
      .returning()
    const id = row!.doc_type_id
    if (requiredFiles.length)
      await db.insert(documentTypeRequiredFiles).values(requiredFiles.map((doc_required_file_id) => ({ doc_type_id: id, doc_required_file_id })))
    return id
  }

  /** A new application of a subscriber's user, without files, numbered and dated as a filed one. */
  const application = async (
    filer: { user_id: number; customer_id: number | null },
    typeId: number,
    fields: Partial<typeof documentRequests.$inferInsert> = {},
  ) => {
    const [type] = await db.select().from(documentTypes).where(eq(documentTypes.doc_type_id, typeId))
    const [row] = await db
      .insert(documentRequests)
      .values({
        account_id: (await account())!,
        customer_id: filer.customer_id!,
        user_id: filer.user_id,
        doc_type_id: typeId,
        expired_date: sql<string>`current_date + ${type!.expired_in_days}::int`,
        ...fields,
      })
      .returning()
    const id = row!.doc_request_id
    await db
      .update(documentRequests)
      .set({ request_number: String(id).padStart(6, '0') })
      .where(eq(documentRequests.doc_request_id, id))
    return id
  }

  return { model, account, point, meter, install, object, withPoints, customer, group, user, requestType, application }
}
