import { boolean, integer, pgTable, serial, text, varchar, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, linkTable, personName, partOf } from './columns'

export const accounts = pgTable('accounts', {
  account_id: serial('account_id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  external_notify_email: varchar('external_notify_email', { length: 255 }).notNull().default(''),
  support_email: varchar('support_email', { length: 255 }).notNull().default(''),
  inn: varchar('inn', { length: 12 }).notNull().default(''),
  time_zone: varchar('time_zone', { length: 64 }).notNull().default('Europe/Moscow'),
})

export const users = pgTable(
  'users',
  {
    user_id: serial('user_id').primaryKey(),
    username: varchar('username', { length: 150 }).notNull(),
    password_hash: text('password_hash').notNull(),
    ...personName,
    email: varchar('email', { length: 254 }).notNull().default(''),
    account_id: integer('account_id').references(() => accounts.account_id),
    is_stuff: boolean('is_stuff').notNull().default(true),
    is_superuser: boolean('is_superuser').notNull().default(false),
    is_active: boolean('is_active').notNull().default(true),
    /** Set for a subscriber's own login (a user without is_stuff). */
    customer_id: integer('customer_id'),
    /** Bumped when the password changes or the user is deactivated: tokens signed with an older value stop working. */
    credential_version: integer('credential_version').notNull().default(0),
    ...createdAt,
  },
  (t) => [uniqueIndex('users_username_key').on(t.username)],
)

export const permissions = pgTable(
  'permissions',
  {
    permission_id: serial('permission_id').primaryKey(),
    codename: varchar('codename', { length: 100 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
  },
  (t) => [uniqueIndex('permissions_codename_key').on(t.codename)],
)

export const permissionsGroups = pgTable(
  'permissions_groups',
  {
    permissions_group_id: serial('permissions_group_id').primaryKey(),
    name: varchar('name', { length: 150 }).notNull(),
  },
  (t) => [uniqueIndex('permissions_groups_name_key').on(t.name)],
)

export const groupPermissions = linkTable(
  'group_permissions',
  ['permissions_group_id', () => permissionsGroups.permissions_group_id],
  ['permission_id', () => permissions.permission_id],
)

export const userGroups = linkTable(
  'user_groups',
  ['user_id', () => users.user_id],
  ['permissions_group_id', () => permissionsGroups.permissions_group_id],
  'user_groups_group_idx',
)

export const accountEmails = pgTable('account_emails', {
  account_email_id: serial('account_email_id').primaryKey(),
  account_id: partOf('account_id', () => accounts.account_id),
  name: varchar('name', { length: 255 }).notNull(),
  smtp_host: varchar('smtp_host', { length: 255 }).notNull(),
  smtp_port: integer('smtp_port').notNull(),
  smtp_user: varchar('smtp_user', { length: 255 }).notNull().default(''),
  /** AES-256-GCM sealed with the server secret; never answered. */
  smtp_password_sealed: text('smtp_password_sealed').notNull().default(''),
  smtp_encryption: varchar('smtp_encryption', { length: 16 }).notNull(),
})
