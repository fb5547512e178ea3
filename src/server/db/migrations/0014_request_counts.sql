CREATE TABLE "request_counts" (
	"account_id" integer NOT NULL,
	"archived" boolean NOT NULL,
	"doc_status" smallint NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "request_counts_account_id_archived_doc_status_pk" PRIMARY KEY("account_id","archived","doc_status")
);
