CREATE TABLE "account_emails" (
	"account_email_id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"smtp_host" varchar(255) NOT NULL,
	"smtp_port" integer NOT NULL,
	"smtp_user" varchar(255) DEFAULT '' NOT NULL,
	"smtp_password_sealed" text DEFAULT '' NOT NULL,
	"smtp_encryption" varchar(16) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"account_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"external_notify_email" varchar(255) DEFAULT '' NOT NULL,
	"support_email" varchar(255) DEFAULT '' NOT NULL,
	"inn" varchar(12) DEFAULT '' NOT NULL,
	"time_zone" varchar(64) DEFAULT 'Europe/Moscow' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_permissions" (
	"permissions_group_id" integer NOT NULL,
	"permission_id" integer NOT NULL,
	CONSTRAINT "group_permissions_permissions_group_id_permission_id_pk" PRIMARY KEY("permissions_group_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"permission_id" serial PRIMARY KEY NOT NULL,
	"codename" varchar(100) NOT NULL,
	"name" varchar(255) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permissions_groups" (
	"permissions_group_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"user_id" integer NOT NULL,
	"permissions_group_id" integer NOT NULL,
	CONSTRAINT "user_groups_user_id_permissions_group_id_pk" PRIMARY KEY("user_id","permissions_group_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"username" varchar(150) NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" varchar(150) DEFAULT '' NOT NULL,
	"last_name" varchar(150) DEFAULT '' NOT NULL,
	"middle_name" varchar(150) DEFAULT '' NOT NULL,
	"email" varchar(254) DEFAULT '' NOT NULL,
	"account_id" integer,
	"is_stuff" boolean DEFAULT true NOT NULL,
	"is_superuser" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"customer_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"audit_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"entity" varchar(64) NOT NULL,
	"entity_id" varchar(64) NOT NULL,
	"action" varchar(32) NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"key" varchar(200) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_key_pk" PRIMARY KEY("user_id","key")
);
--> statement-breakpoint
ALTER TABLE "account_emails" ADD CONSTRAINT "account_emails_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_permissions" ADD CONSTRAINT "group_permissions_permissions_group_id_permissions_groups_permissions_group_id_fk" FOREIGN KEY ("permissions_group_id") REFERENCES "public"."permissions_groups"("permissions_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_permissions" ADD CONSTRAINT "group_permissions_permission_id_permissions_permission_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("permission_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_permissions_group_id_permissions_groups_permissions_group_id_fk" FOREIGN KEY ("permissions_group_id") REFERENCES "public"."permissions_groups"("permissions_group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_codename_key" ON "permissions" USING btree ("codename");--> statement-breakpoint
CREATE UNIQUE INDEX "permissions_groups_name_key" ON "permissions_groups" USING btree ("name");--> statement-breakpoint
CREATE INDEX "user_groups_group_idx" ON "user_groups" USING btree ("permissions_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree ("username");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","created_at");--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");