-- Keeps request_counts (see the schema): statement-level triggers with transition tables, one upsert per statement.
-- Rows are upserted in key order so that two transactions moving applications between the same statuses in opposite
-- directions lock the counters in the same order and cannot deadlock.
CREATE FUNCTION "request_counts_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO request_counts AS c (account_id, archived, doc_status, total)
		SELECT account_id, archived, doc_status, count(*) FROM added GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
	ON CONFLICT (account_id, archived, doc_status) DO UPDATE SET total = c.total + excluded.total;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "request_counts_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO request_counts AS c (account_id, archived, doc_status, total)
		SELECT account_id, archived, doc_status, -count(*) FROM removed GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
	ON CONFLICT (account_id, archived, doc_status) DO UPDATE SET total = c.total + excluded.total;
	RETURN NULL;
END $$;--> statement-breakpoint
-- Transition tables cannot go with a column list (UPDATE OF ...): every update comes here, and only the keys whose
-- count changes (a new status, archived or brought back) are written.
CREATE FUNCTION "request_counts_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO request_counts AS c (account_id, archived, doc_status, total)
		SELECT account_id, archived, doc_status, sum(delta) FROM (
			SELECT account_id, archived, doc_status, 1 AS delta FROM added
			UNION ALL SELECT account_id, archived, doc_status, -1 FROM removed
		) moves GROUP BY 1, 2, 3 HAVING sum(delta) <> 0 ORDER BY 1, 2, 3
	ON CONFLICT (account_id, archived, doc_status) DO UPDATE SET total = c.total + excluded.total;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "request_counts_emptied"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM request_counts;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "document_requests_counted_insert" AFTER INSERT ON "document_requests" REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION request_counts_added();--> statement-breakpoint
CREATE TRIGGER "document_requests_counted_delete" AFTER DELETE ON "document_requests" REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION request_counts_removed();--> statement-breakpoint
CREATE TRIGGER "document_requests_counted_update" AFTER UPDATE ON "document_requests" REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION request_counts_moved();--> statement-breakpoint
CREATE TRIGGER "document_requests_counted_truncate" AFTER TRUNCATE ON "document_requests" FOR EACH STATEMENT EXECUTE FUNCTION request_counts_emptied();--> statement-breakpoint
-- Creating the triggers locked out writers until the migration commits: no change falls between them and the count.
INSERT INTO "request_counts" ("account_id", "archived", "doc_status", "total")
	SELECT account_id, archived, doc_status, count(*) FROM "document_requests" GROUP BY 1, 2, 3;
