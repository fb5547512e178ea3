CREATE TABLE "represent_points" (
	"represent_point_id" serial PRIMARY KEY NOT NULL,
	"represent_id" integer NOT NULL,
	"point_id" integer NOT NULL,
	"sign" smallint DEFAULT 1 NOT NULL,
	"color" varchar(20) NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"selected" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "represents" (
	"represent_id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" varchar(255) NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"lost_color" varchar(20) DEFAULT '#e53e3e' NOT NULL,
	"check_health" boolean DEFAULT false NOT NULL,
	"health_check_ip" varchar(255) DEFAULT '' NOT NULL,
	"health_check_port" integer,
	"period_type" varchar(10) DEFAULT 'current' NOT NULL,
	"period_begin" date,
	"period_end" date,
	"energy_format" varchar(10) DEFAULT 'kvch' NOT NULL,
	"energy_type" varchar(10) DEFAULT 'straight' NOT NULL,
	"reactive_energy" boolean DEFAULT false NOT NULL,
	"show_lost" boolean DEFAULT true NOT NULL,
	"show_lost_in_percentage" boolean DEFAULT false NOT NULL,
	"round_val" varchar(12) DEFAULT 'roundWith2' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "represent_points" ADD CONSTRAINT "represent_points_represent_id_represents_represent_id_fk" FOREIGN KEY ("represent_id") REFERENCES "public"."represents"("represent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "represent_points" ADD CONSTRAINT "represent_points_point_id_points_point_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("point_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "represents" ADD CONSTRAINT "represents_parent_id_represents_represent_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."represents"("represent_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "represent_points_key" ON "represent_points" USING btree ("represent_id","point_id");--> statement-breakpoint
CREATE INDEX "represent_points_point_idx" ON "represent_points" USING btree ("point_id");--> statement-breakpoint
CREATE INDEX "represents_parent_idx" ON "represents" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "represents_name_idx" ON "represents" USING btree ("name");