CREATE INDEX "points_number_idx" ON "points" USING btree ("point_number");--> statement-breakpoint
CREATE INDEX "points_address_idx" ON "points" USING btree ("address");