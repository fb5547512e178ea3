-- When a row, or anything its card or the offline mirror shows, last changed: written by the database on every
-- insert and update (the cards' triggers rewrite a point or a meter when a row it shows changes, so these fire
-- then too). The console's background mirror asks for what changed since its last round (GET /api/mirror/).
-- clock_timestamp, not now(): a long transaction's rows are dated when written, which the mirror's cursor, kept a
-- margin behind the server's clock, covers.
CREATE FUNCTION "row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW.changed_at := clock_timestamp();
	RETURN NEW;
END $$;--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "counters" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "point_counters" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "represents" ADD COLUMN "changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "points_changed_at_idx" ON "points" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "counters_changed_at_idx" ON "counters" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "point_counters_changed_at_idx" ON "point_counters" USING btree ("changed_at");--> statement-breakpoint
CREATE INDEX "represents_changed_at_idx" ON "represents" USING btree ("changed_at");--> statement-breakpoint
CREATE TRIGGER "points_changed_at" BEFORE INSERT OR UPDATE ON "points" FOR EACH ROW EXECUTE FUNCTION row_changed();--> statement-breakpoint
CREATE TRIGGER "counters_changed_at" BEFORE INSERT OR UPDATE ON "counters" FOR EACH ROW EXECUTE FUNCTION row_changed();--> statement-breakpoint
CREATE TRIGGER "point_counters_changed_at" BEFORE INSERT OR UPDATE ON "point_counters" FOR EACH ROW EXECUTE FUNCTION row_changed();--> statement-breakpoint
CREATE TRIGGER "represents_changed_at" BEFORE INSERT OR UPDATE ON "represents" FOR EACH ROW EXECUTE FUNCTION row_changed();
