CREATE TABLE "outgoing_mails" (
	"mail_id" serial PRIMARY KEY NOT NULL,
	"doc_request_id" integer NOT NULL,
	"account_email_id" integer,
	"fingerprint" varchar(64) NOT NULL,
	"mail" jsonb NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"claimed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outgoing_mails_state_check" CHECK ("outgoing_mails"."state" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "outgoing_mails" ADD CONSTRAINT "outgoing_mails_doc_request_id_document_requests_doc_request_id_fk" FOREIGN KEY ("doc_request_id") REFERENCES "public"."document_requests"("doc_request_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_mails" ADD CONSTRAINT "outgoing_mails_account_email_id_account_emails_account_email_id_fk" FOREIGN KEY ("account_email_id") REFERENCES "public"."account_emails"("account_email_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outgoing_mails_request_idx" ON "outgoing_mails" USING btree ("doc_request_id","fingerprint");
