-- Meter passwords became write-only: the audit trail keeps only «задан» for a stored one, and answers kept for
-- Idempotency-Key replays answer it as set or not set. (The passwords themselves are sealed by the server at start:
-- sealing needs its key.)
UPDATE "audit_log" SET
	"before" = CASE WHEN coalesce("before"->>'password', '') IN ('', 'задан') THEN "before"
		ELSE jsonb_set("before", '{password}', '"задан"') END,
	"after" = CASE WHEN coalesce("after"->>'password', '') IN ('', 'задан') THEN "after"
		ELSE jsonb_set("after", '{password}', '"задан"') END
WHERE "entity" = 'counter' AND "action" = 'conn_params';
--> statement-breakpoint
UPDATE "idempotency_keys" SET "response" = (
	SELECT jsonb_agg(
		CASE WHEN p->>'par_name' = 'password' AND NOT p ? 'is_set'
			THEN (p - 'par_value') || jsonb_build_object('par_value', '', 'is_set', coalesce(p->>'par_value', '') <> '')
			ELSE p END
		ORDER BY e.ord)
	FROM jsonb_array_elements("response") WITH ORDINALITY AS e(p, ord))
WHERE jsonb_typeof("response") = 'array' AND "response" @> '[{"par_name": "password"}]';
