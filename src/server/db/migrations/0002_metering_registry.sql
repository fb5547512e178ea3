CREATE TABLE "customers" (
	"customer_id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"customer_number" varchar(50) DEFAULT '' NOT NULL,
	"customer_type" smallint DEFAULT 1 NOT NULL,
	"first_name" varchar(150) DEFAULT '' NOT NULL,
	"last_name" varchar(150) DEFAULT '' NOT NULL,
	"middle_name" varchar(150) DEFAULT '' NOT NULL,
	"snils" varchar(14) DEFAULT '' NOT NULL,
	"company_full_name" varchar(500) DEFAULT '' NOT NULL,
	"company_short_name" varchar(255) DEFAULT '' NOT NULL,
	"company_inn" varchar(12) DEFAULT '' NOT NULL,
	"company_kpp" varchar(9) DEFAULT '' NOT NULL,
	"company_ogrn" varchar(15) DEFAULT '' NOT NULL,
	"company_bik" varchar(9) DEFAULT '' NOT NULL,
	"company_ks" varchar(20) DEFAULT '' NOT NULL,
	"company_rs" varchar(20) DEFAULT '' NOT NULL,
	"company_legal_address" varchar(500) DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counter_model_apis" (
	"counter_model_api_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"resource_type_id" integer NOT NULL,
	"driver" varchar(50) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counter_models" (
	"model_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"source_id" integer,
	"resource_type_id" integer NOT NULL,
	"counter_model_api_id" integer NOT NULL,
	"external_model" varchar(100) DEFAULT '' NOT NULL,
	"has_storage" boolean DEFAULT false NOT NULL,
	"counter_width" smallint DEFAULT 6 NOT NULL,
	"decimal_places" smallint DEFAULT 2 NOT NULL,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counter_operations" (
	"counter_oper_id" serial PRIMARY KEY NOT NULL,
	"counter_id" integer NOT NULL,
	"point_id" integer,
	"coper_type" varchar(30) NOT NULL,
	"operation_date" timestamp with time zone NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "counters" (
	"counter_id" serial PRIMARY KEY NOT NULL,
	"serial_num" varchar(50) NOT NULL,
	"model_id" integer NOT NULL,
	"coeff" double precision DEFAULT 1 NOT NULL,
	"coeff_voltage" double precision DEFAULT 1 NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_parameters" (
	"parameter_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"resource_type_id" integer NOT NULL,
	"task_group_id" integer,
	"measurement" varchar(30) DEFAULT '' NOT NULL,
	"code" varchar(30) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_sources" (
	"source_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"remark" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_conn_params" (
	"model_conn_param_id" serial PRIMARY KEY NOT NULL,
	"counter_model_api_id" integer NOT NULL,
	"par_name" varchar(50) NOT NULL,
	"description" varchar(255) NOT NULL,
	"default_value" varchar(255) DEFAULT '' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"order_num" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_parameters" (
	"model_parameter_id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"parameter_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "point_counters" (
	"point_counter_id" serial PRIMARY KEY NOT NULL,
	"point_id" integer NOT NULL,
	"counter_id" integer NOT NULL,
	"installed_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	"coeff" double precision DEFAULT 1 NOT NULL,
	"coeff_voltage" double precision DEFAULT 1 NOT NULL,
	"source_id" integer,
	"conn_params" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "points" (
	"point_id" serial PRIMARY KEY NOT NULL,
	"point_number" varchar(50) NOT NULL,
	"name" varchar(255) NOT NULL,
	"address" varchar(500) NOT NULL,
	"geopoint" varchar(64) DEFAULT '' NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"customer_id" integer,
	"energy_limit" double precision DEFAULT 5000 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resource_types" (
	"resource_type_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_groups" (
	"task_group_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"kind" varchar(30) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_values" (
	"counter_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"day" date NOT NULL,
	"value" double precision DEFAULT 0 NOT NULL,
	"valid_intervals" smallint DEFAULT 0 NOT NULL,
	"missing_intervals" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_values_counter_id_channel_day_pk" PRIMARY KEY("counter_id","channel","day")
);
--> statement-breakpoint
CREATE TABLE "interval_values" (
	"counter_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"interval_start" timestamp with time zone NOT NULL,
	"minutes" smallint DEFAULT 30 NOT NULL,
	"value" double precision,
	"status" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "interval_values_counter_id_channel_interval_start_pk" PRIMARY KEY("counter_id","channel","interval_start")
);
--> statement-breakpoint
CREATE TABLE "phase_values" (
	"counter_id" integer NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"phase" smallint NOT NULL,
	"voltage" double precision,
	"current" double precision,
	"active_power" double precision,
	"reactive_power" double precision,
	"apparent_power" double precision,
	"cos_phi" double precision,
	"angle" double precision,
	"frequency" double precision,
	CONSTRAINT "phase_values_counter_id_read_at_phase_pk" PRIMARY KEY("counter_id","read_at","phase")
);
--> statement-breakpoint
CREATE TABLE "register_readings" (
	"counter_id" integer NOT NULL,
	"channel" smallint NOT NULL,
	"tariff" smallint NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"value" double precision NOT NULL,
	CONSTRAINT "register_readings_counter_id_channel_tariff_read_at_pk" PRIMARY KEY("counter_id","channel","tariff","read_at")
);
--> statement-breakpoint
ALTER TABLE "counter_model_apis" ADD CONSTRAINT "counter_model_apis_resource_type_id_resource_types_resource_type_id_fk" FOREIGN KEY ("resource_type_id") REFERENCES "public"."resource_types"("resource_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_models" ADD CONSTRAINT "counter_models_source_id_data_sources_source_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."data_sources"("source_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_models" ADD CONSTRAINT "counter_models_resource_type_id_resource_types_resource_type_id_fk" FOREIGN KEY ("resource_type_id") REFERENCES "public"."resource_types"("resource_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_models" ADD CONSTRAINT "counter_models_counter_model_api_id_counter_model_apis_counter_model_api_id_fk" FOREIGN KEY ("counter_model_api_id") REFERENCES "public"."counter_model_apis"("counter_model_api_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_operations" ADD CONSTRAINT "counter_operations_counter_id_counters_counter_id_fk" FOREIGN KEY ("counter_id") REFERENCES "public"."counters"("counter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_operations" ADD CONSTRAINT "counter_operations_point_id_points_point_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("point_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_operations" ADD CONSTRAINT "counter_operations_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_model_id_counter_models_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."counter_models"("model_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_parameters" ADD CONSTRAINT "data_parameters_resource_type_id_resource_types_resource_type_id_fk" FOREIGN KEY ("resource_type_id") REFERENCES "public"."resource_types"("resource_type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_parameters" ADD CONSTRAINT "data_parameters_task_group_id_task_groups_task_group_id_fk" FOREIGN KEY ("task_group_id") REFERENCES "public"."task_groups"("task_group_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_conn_params" ADD CONSTRAINT "model_conn_params_counter_model_api_id_counter_model_apis_counter_model_api_id_fk" FOREIGN KEY ("counter_model_api_id") REFERENCES "public"."counter_model_apis"("counter_model_api_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_parameters" ADD CONSTRAINT "model_parameters_model_id_counter_models_model_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."counter_models"("model_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "model_parameters" ADD CONSTRAINT "model_parameters_parameter_id_data_parameters_parameter_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."data_parameters"("parameter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_counters" ADD CONSTRAINT "point_counters_point_id_points_point_id_fk" FOREIGN KEY ("point_id") REFERENCES "public"."points"("point_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_counters" ADD CONSTRAINT "point_counters_counter_id_counters_counter_id_fk" FOREIGN KEY ("counter_id") REFERENCES "public"."counters"("counter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_counters" ADD CONSTRAINT "point_counters_source_id_data_sources_source_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."data_sources"("source_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points" ADD CONSTRAINT "points_customer_id_customers_customer_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("customer_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_number_idx" ON "customers" USING btree ("customer_number");--> statement-breakpoint
CREATE INDEX "counter_operations_counter_idx" ON "counter_operations" USING btree ("counter_id","operation_date");--> statement-breakpoint
CREATE UNIQUE INDEX "counters_model_serial_key" ON "counters" USING btree ("model_id","serial_num");--> statement-breakpoint
CREATE INDEX "counters_serial_trgm_idx" ON "counters" USING gin ("serial_num" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "model_conn_params_key" ON "model_conn_params" USING btree ("counter_model_api_id","par_name");--> statement-breakpoint
CREATE UNIQUE INDEX "model_parameters_key" ON "model_parameters" USING btree ("model_id","parameter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_counters_current_point_key" ON "point_counters" USING btree ("point_id") WHERE "point_counters"."removed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "point_counters_current_counter_key" ON "point_counters" USING btree ("counter_id") WHERE "point_counters"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "point_counters_point_idx" ON "point_counters" USING btree ("point_id","installed_at");--> statement-breakpoint
CREATE INDEX "point_counters_counter_idx" ON "point_counters" USING btree ("counter_id","installed_at");--> statement-breakpoint
CREATE INDEX "points_name_idx" ON "points" USING btree ("name");--> statement-breakpoint
CREATE INDEX "points_name_trgm_idx" ON "points" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "points_number_trgm_idx" ON "points" USING gin ("point_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "points_customer_idx" ON "points" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "register_readings_time_idx" ON "register_readings" USING btree ("counter_id","read_at");