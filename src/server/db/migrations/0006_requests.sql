CREATE TABLE "document_attachment_comments" (
	"doc_attachment_comment_id" serial PRIMARY KEY NOT NULL,
	"doc_request_attach_id" integer NOT NULL,
	"doc_request_id" integer NOT NULL,
	"doc_attachment_comment" text NOT NULL,
	"created_by" integer,
	"by_staff" boolean NOT NULL,
	"viewed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_close_files" (
	"doc_close_id" serial PRIMARY KEY NOT NULL,
	"doc_request_id" integer NOT NULL,
	"doc_required_file_id" integer,
	"file_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_request_attachments" (
	"doc_request_attach_id" serial PRIMARY KEY NOT NULL,
	"doc_request_id" integer NOT NULL,
	"doc_required_file_id" integer,
	"file_id" integer NOT NULL,
	"doc_request_attach_status" smallint DEFAULT 3 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_request_attachments_status_check" CHECK ("document_request_attachments"."doc_request_attach_status" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "document_requests" (
	"doc_request_id" serial PRIMARY KEY NOT NULL,
	"request_number" varchar(32) DEFAULT '' NOT NULL,
	"account_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"doc_type_id" integer NOT NULL,
	"doc_status" smallint DEFAULT 1 NOT NULL,
	"decline_reason" text DEFAULT '' NOT NULL,
	"assigned_user_id" integer,
	"expired_date" date,
	"archived" boolean DEFAULT false NOT NULL,
	"new_files" integer DEFAULT 0 NOT NULL,
	"external_send_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_requests_status_check" CHECK ("document_requests"."doc_status" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "document_required_files" (
	"doc_required_file_id" serial PRIMARY KEY NOT NULL,
	"doc_required_file_name" varchar(255) NOT NULL,
	"short_file_name" varchar(100) NOT NULL,
	"example_file_id" integer
);
--> statement-breakpoint
CREATE TABLE "document_type_required_files" (
	"doc_type_id" integer NOT NULL,
	"doc_required_file_id" integer NOT NULL,
	CONSTRAINT "document_type_required_files_doc_type_id_doc_required_file_id_pk" PRIMARY KEY("doc_type_id","doc_required_file_id")
);
--> statement-breakpoint
CREATE TABLE "document_types" (
	"doc_type_id" serial PRIMARY KEY NOT NULL,
	"doc_type_name" varchar(255) NOT NULL,
	"doc_customer_type_id" smallint DEFAULT 1 NOT NULL,
	"expired_in_days" integer DEFAULT 10 NOT NULL,
	CONSTRAINT "document_types_customer_type_check" CHECK ("document_types"."doc_customer_type_id" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"file_id" serial PRIMARY KEY NOT NULL,
	"file_name" varchar(64) NOT NULL,
	"real_file_name" varchar(255) NOT NULL,
	"content_type" varchar(127) NOT NULL,
	"size" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_attachment_comments" ADD CONSTRAINT "document_attachment_comments_doc_request_attach_id_document_request_attachments_doc_request_attach_id_fk" FOREIGN KEY ("doc_request_attach_id") REFERENCES "public"."document_request_attachments"("doc_request_attach_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_attachment_comments" ADD CONSTRAINT "document_attachment_comments_doc_request_id_document_requests_doc_request_id_fk" FOREIGN KEY ("doc_request_id") REFERENCES "public"."document_requests"("doc_request_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_attachment_comments" ADD CONSTRAINT "document_attachment_comments_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_close_files" ADD CONSTRAINT "document_close_files_doc_request_id_document_requests_doc_request_id_fk" FOREIGN KEY ("doc_request_id") REFERENCES "public"."document_requests"("doc_request_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_close_files" ADD CONSTRAINT "document_close_files_doc_required_file_id_document_required_files_doc_required_file_id_fk" FOREIGN KEY ("doc_required_file_id") REFERENCES "public"."document_required_files"("doc_required_file_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_close_files" ADD CONSTRAINT "document_close_files_file_id_stored_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_request_attachments" ADD CONSTRAINT "document_request_attachments_doc_request_id_document_requests_doc_request_id_fk" FOREIGN KEY ("doc_request_id") REFERENCES "public"."document_requests"("doc_request_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_request_attachments" ADD CONSTRAINT "document_request_attachments_doc_required_file_id_document_required_files_doc_required_file_id_fk" FOREIGN KEY ("doc_required_file_id") REFERENCES "public"."document_required_files"("doc_required_file_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_request_attachments" ADD CONSTRAINT "document_request_attachments_file_id_stored_files_file_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("file_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_doc_type_id_document_types_doc_type_id_fk" FOREIGN KEY ("doc_type_id") REFERENCES "public"."document_types"("doc_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_requests" ADD CONSTRAINT "document_requests_assigned_user_id_users_user_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_required_files" ADD CONSTRAINT "document_required_files_example_file_id_stored_files_file_id_fk" FOREIGN KEY ("example_file_id") REFERENCES "public"."stored_files"("file_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_type_required_files" ADD CONSTRAINT "document_type_required_files_doc_type_id_document_types_doc_type_id_fk" FOREIGN KEY ("doc_type_id") REFERENCES "public"."document_types"("doc_type_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_type_required_files" ADD CONSTRAINT "document_type_required_files_doc_required_file_id_document_required_files_doc_required_file_id_fk" FOREIGN KEY ("doc_required_file_id") REFERENCES "public"."document_required_files"("doc_required_file_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_created_by_users_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_attachment_comments_attach_idx" ON "document_attachment_comments" USING btree ("doc_request_attach_id");--> statement-breakpoint
CREATE INDEX "document_attachment_comments_unread_idx" ON "document_attachment_comments" USING btree ("doc_request_id") WHERE not "document_attachment_comments"."viewed";--> statement-breakpoint
CREATE INDEX "document_close_files_request_idx" ON "document_close_files" USING btree ("doc_request_id");--> statement-breakpoint
CREATE INDEX "document_request_attachments_request_idx" ON "document_request_attachments" USING btree ("doc_request_id");--> statement-breakpoint
CREATE INDEX "document_requests_list_idx" ON "document_requests" USING btree ("account_id","archived","doc_status","created_at");--> statement-breakpoint
CREATE INDEX "document_requests_customer_idx" ON "document_requests" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_name_key" ON "stored_files" USING btree ("file_name");--> statement-breakpoint
-- Reference required files; id 24 is the closing documents (administration.md section 9).
INSERT INTO "document_required_files" ("doc_required_file_id", "doc_required_file_name", "short_file_name") VALUES
(1, 'Заявление', 'Заявление'),
(2, 'Паспорт заявителя', 'Паспорт'),
(3, 'Правоустанавливающие документы на объект', 'Право собственности'),
(4, 'План расположения энергопринимающих устройств', 'План расположения'),
(5, 'Однолинейная схема электроснабжения', 'Однолинейная схема'),
(6, 'Доверенность представителя', 'Доверенность'),
(7, 'Выписка из ЕГРЮЛ', 'ЕГРЮЛ'),
(8, 'Выписка из ЕГРИП', 'ЕГРИП'),
(9, 'Свидетельство о постановке на учёт (ИНН)', 'ИНН'),
(10, 'СНИЛС заявителя', 'СНИЛС'),
(11, 'Акт разграничения балансовой принадлежности', 'АРБП'),
(12, 'Акт допуска прибора учёта в эксплуатацию', 'Акт допуска ПУ'),
(13, 'Паспорт прибора учёта', 'Паспорт ПУ'),
(14, 'Свидетельство о поверке прибора учёта', 'Поверка ПУ'),
(15, 'Фотография прибора учёта с показаниями', 'Фото ПУ'),
(16, 'Показания прибора учёта', 'Показания'),
(17, 'Договор энергоснабжения', 'Договор'),
(18, 'Технические условия', 'ТУ'),
(19, 'Перечень и мощность энергопринимающих устройств', 'Перечень ЭПУ'),
(20, 'Проект электроснабжения', 'Проект'),
(21, 'Акт осмотра электроустановки', 'Акт осмотра'),
(22, 'Справка об отсутствии задолженности', 'Справка'),
(23, 'Реквизиты организации', 'Реквизиты'),
(24, 'Закрывающие документы', 'Закрывающие');--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('document_required_files', 'doc_required_file_id'), 24);
