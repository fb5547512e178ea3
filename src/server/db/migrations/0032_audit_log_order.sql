-- The audit screen lists the newest entries first, of everyone or of one user: without these the list sorted the
-- whole log on every page.
CREATE INDEX "audit_log_time_idx" ON "audit_log" USING btree ("created_at","audit_id");--> statement-breakpoint
CREATE INDEX "audit_log_user_idx" ON "audit_log" USING btree ("user_id","created_at");