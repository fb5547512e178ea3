DROP INDEX "points_name_trgm_idx";--> statement-breakpoint
DROP INDEX "points_number_trgm_idx";--> statement-breakpoint
ALTER TABLE "points" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("points"."name") || chr(10) || lower("points"."point_number")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "points_search_trgm_idx" ON "points" USING gin ("search_text" gin_trgm_ops);