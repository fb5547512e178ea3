-- VEE (docs/vee.md): every change of a stored half-hour's value or status that is not the meter's own reading
-- (a validation flag, an estimate, an acceptance, a manual edit) keeps the value and status it replaced, who, when
-- and why. The meter's readings themselves are not logged here: they are the original.
CREATE TABLE "interval_edits" (
	"interval_edit_id" serial PRIMARY KEY NOT NULL,
	"counter_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"interval_start" timestamp with time zone NOT NULL,
	"old_value" double precision,
	"old_status" smallint NOT NULL,
	"new_value" double precision,
	"new_status" smallint NOT NULL,
	"method" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "interval_edits_interval_idx" ON "interval_edits" USING btree ("counter_id","channel","interval_start");--> statement-breakpoint
-- The review list reads only the few intervals that are estimated, suspect or edited.
CREATE INDEX "interval_values_review_idx" ON "interval_values" USING btree ("counter_id","interval_start") WHERE "status" in (2, 3, 4);
