-- A point's identifier is unique. Points that already share one keep it on the oldest point; each later one gets
-- its own id appended ("35-001024 #57"), so the index can be built, nothing is lost and the list shows what to fix.
-- The version moves on, so a device holding the old row meets a 412 with the renamed one instead of writing it back.
UPDATE "points" AS "p"
SET "point_number" = left("p"."point_number", 50 - length(' #' || "p"."point_id")) || ' #' || "p"."point_id",
    "version" = "p"."version" + 1,
    "updated_at" = now()
WHERE EXISTS (SELECT 1 FROM "points" AS "o" WHERE "o"."point_number" = "p"."point_number" AND "o"."point_id" < "p"."point_id");--> statement-breakpoint
DROP INDEX IF EXISTS "points_number_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "points_number_key" ON "points" USING btree ("point_number");
