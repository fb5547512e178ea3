-- Keeps row_counts (see the schema) for points and counters: statement-level triggers with transition tables,
-- one update per statement whatever the number of rows.
CREATE FUNCTION "row_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE row_counts SET total = total + (SELECT count(*) FROM added) WHERE table_name = TG_TABLE_NAME;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "row_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE row_counts SET total = total - (SELECT count(*) FROM removed) WHERE table_name = TG_TABLE_NAME;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "row_counts_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE row_counts SET total = 0 WHERE table_name = TG_TABLE_NAME;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "points_counted_insert" AFTER INSERT ON "points" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION row_counts_added();--> statement-breakpoint
CREATE TRIGGER "points_counted_delete" AFTER DELETE ON "points" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION row_counts_removed();--> statement-breakpoint
CREATE TRIGGER "points_counted_truncate" AFTER TRUNCATE ON "points" FOR EACH STATEMENT EXECUTE FUNCTION row_counts_emptied();--> statement-breakpoint
CREATE TRIGGER "counters_counted_insert" AFTER INSERT ON "counters" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION row_counts_added();--> statement-breakpoint
CREATE TRIGGER "counters_counted_delete" AFTER DELETE ON "counters" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION row_counts_removed();--> statement-breakpoint
CREATE TRIGGER "counters_counted_truncate" AFTER TRUNCATE ON "counters" FOR EACH STATEMENT EXECUTE FUNCTION row_counts_emptied();--> statement-breakpoint
-- Creating the triggers locked out writers until the migration commits: no insert falls between them and the count.
INSERT INTO "row_counts" ("table_name", "total")
	SELECT 'points', count(*) FROM "points" UNION ALL SELECT 'counters', count(*) FROM "counters";
