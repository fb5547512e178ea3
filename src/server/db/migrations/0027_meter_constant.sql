-- The meter's own constant A (impulses per kWh) as the collector read it, and whether a configured override disagrees.
ALTER TABLE "counters" ADD COLUMN "meter_constant" integer;--> statement-breakpoint
ALTER TABLE "counters" ADD COLUMN "meter_constant_mismatch" boolean DEFAULT false NOT NULL;
