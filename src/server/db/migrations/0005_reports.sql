CREATE TABLE "account_tariff_schemes" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"tariff_scheme_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_schemes" (
	"tariff_scheme_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariff_zones" (
	"tariff_zone_id" serial PRIMARY KEY NOT NULL,
	"tariff_scheme_id" integer NOT NULL,
	"tariff" smallint NOT NULL,
	"name" varchar(50) NOT NULL,
	"start_minute" smallint NOT NULL,
	"end_minute" smallint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_tariff_schemes" ADD CONSTRAINT "account_tariff_schemes_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tariff_schemes" ADD CONSTRAINT "account_tariff_schemes_tariff_scheme_id_tariff_schemes_tariff_scheme_id_fk" FOREIGN KEY ("tariff_scheme_id") REFERENCES "public"."tariff_schemes"("tariff_scheme_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tariff_zones" ADD CONSTRAINT "tariff_zones_tariff_scheme_id_tariff_schemes_tariff_scheme_id_fk" FOREIGN KEY ("tariff_scheme_id") REFERENCES "public"."tariff_schemes"("tariff_scheme_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tariff_zones_scheme_idx" ON "tariff_zones" USING btree ("tariff_scheme_id");--> statement-breakpoint
-- Seeded reference data: the household three-zone scheme and the two-zone scheme (registers T1 peak/day, T2 night, T3 half-peak).
INSERT INTO "tariff_schemes" ("tariff_scheme_id", "name") VALUES (1, 'Трёхзонный (ночь, полупик, пик)'), (2, 'Двухзонный (день, ночь)');--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('tariff_schemes', 'tariff_scheme_id'), 2);--> statement-breakpoint
INSERT INTO "tariff_zones" ("tariff_scheme_id", "tariff", "name", "start_minute", "end_minute") VALUES
  (1, 2, 'Ночь', 1380, 420),
  (1, 1, 'Пик', 420, 600),
  (1, 3, 'Полупик', 600, 1020),
  (1, 1, 'Пик', 1020, 1260),
  (1, 3, 'Полупик', 1260, 1380),
  (2, 1, 'День', 420, 1380),
  (2, 2, 'Ночь', 1380, 420);
