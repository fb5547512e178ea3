CREATE TABLE "row_counts" (
	"table_name" text PRIMARY KEY NOT NULL,
	"total" bigint NOT NULL
);
