-- The meter's clock as the last poll found it: a row of its own, so that a poll does not rewrite the meter's card
-- (and make every offline mirror fetch the meter again) only to note a drift of a second.
CREATE TABLE "meter_clocks" (
	"counter_id" integer PRIMARY KEY NOT NULL REFERENCES "counters"("counter_id") ON DELETE CASCADE,
	"drift_s" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"corrected_at" timestamp with time zone,
	"correction_s" integer
);--> statement-breakpoint
ALTER TABLE "counter_tasks" ADD COLUMN "clock_correction" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The zone the meter keeps its clock and profile in; NULL is the account's zone.
ALTER TABLE "counters" ADD COLUMN "time_zone" varchar(64);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "counter_card"(c counters) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT row_to_json(o)::text FROM (SELECT
		c.counter_id, c.serial_num, c.model_id, m.name AS model_name, m.counter_model_api_id AS counter_model_api,
		c.coeff, c.coeff_voltage, last.point_id, p.point_number, p.name AS point_name, c.remark, c.is_active, c.version,
		(SELECT row_to_json(n) FROM (SELECT m.name) n) AS model,
		CASE WHEN last.installed_at IS NOT NULL AND last.removed_at IS NULL THEN iso_time(last.installed_at) END AS install_date,
		(last.installed_at IS NOT NULL AND last.removed_at IS NULL) AS is_current,
		iso_time(last.installed_at) AS last_install_date,
		iso_time((SELECT max(removed_at) FROM point_counters WHERE counter_id = c.counter_id)) AS last_takeoff_date,
		c.is_active AS counter_is_active,
		c.time_zone
	FROM counter_models m
	LEFT JOIN LATERAL (SELECT point_id, installed_at, removed_at FROM point_counters WHERE counter_id = c.counter_id
		ORDER BY installed_at DESC, point_counter_id DESC LIMIT 1) last ON true
	LEFT JOIN points p ON p.point_id = last.point_id
	WHERE m.model_id = c.model_id) o
$$;--> statement-breakpoint
UPDATE "counters" SET "card" = '';
