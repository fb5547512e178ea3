CREATE TABLE "collecting_servers" (
	"data_collecting_server_id" serial PRIMARY KEY NOT NULL,
	"name" varchar(150) NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"last_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "counter_parameter_selections" (
	"counter_id" integer NOT NULL,
	"parameter_id" integer NOT NULL,
	"is_selected" boolean NOT NULL,
	CONSTRAINT "counter_parameter_selections_counter_id_parameter_id_pk" PRIMARY KEY("counter_id","parameter_id")
);
--> statement-breakpoint
CREATE TABLE "counter_tasks" (
	"counter_task_id" serial PRIMARY KEY NOT NULL,
	"counter_id" integer NOT NULL,
	"data_collecting_server_id" integer NOT NULL,
	"interval" varchar(10) NOT NULL,
	"value" varchar(100) NOT NULL,
	"task_groups" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" varchar(20) DEFAULT 'stopped' NOT NULL,
	"next_run_at" timestamp with time zone,
	"last_due_at" timestamp with time zone,
	"last_interaction_date" timestamp with time zone,
	"last_success" boolean,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"total_runs" integer DEFAULT 0 NOT NULL,
	"total_failures" integer DEFAULT 0 NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "current_data_requests" (
	"request_id" serial PRIMARY KEY NOT NULL,
	"counter_id" integer NOT NULL,
	"data_collecting_server_id" integer NOT NULL,
	"action" varchar(20) DEFAULT 'read' NOT NULL,
	"status" varchar(10) DEFAULT 'PENDING' NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "task_log_entries" (
	"task_log_entry_id" serial PRIMARY KEY NOT NULL,
	"task_log_id" integer NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_logs" (
	"task_log_id" serial PRIMARY KEY NOT NULL,
	"counter_task_id" integer NOT NULL,
	"data_collecting_server_id" integer,
	"due_at" timestamp with time zone NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"success" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "counter_parameter_selections" ADD CONSTRAINT "counter_parameter_selections_counter_id_counters_counter_id_fk" FOREIGN KEY ("counter_id") REFERENCES "public"."counters"("counter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_parameter_selections" ADD CONSTRAINT "counter_parameter_selections_parameter_id_data_parameters_parameter_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."data_parameters"("parameter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_tasks" ADD CONSTRAINT "counter_tasks_counter_id_counters_counter_id_fk" FOREIGN KEY ("counter_id") REFERENCES "public"."counters"("counter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_tasks" ADD CONSTRAINT "counter_tasks_data_collecting_server_id_collecting_servers_data_collecting_server_id_fk" FOREIGN KEY ("data_collecting_server_id") REFERENCES "public"."collecting_servers"("data_collecting_server_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "current_data_requests" ADD CONSTRAINT "current_data_requests_counter_id_counters_counter_id_fk" FOREIGN KEY ("counter_id") REFERENCES "public"."counters"("counter_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "current_data_requests" ADD CONSTRAINT "current_data_requests_data_collecting_server_id_collecting_servers_data_collecting_server_id_fk" FOREIGN KEY ("data_collecting_server_id") REFERENCES "public"."collecting_servers"("data_collecting_server_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_log_entries" ADD CONSTRAINT "task_log_entries_task_log_id_task_logs_task_log_id_fk" FOREIGN KEY ("task_log_id") REFERENCES "public"."task_logs"("task_log_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_logs" ADD CONSTRAINT "task_logs_counter_task_id_counter_tasks_counter_task_id_fk" FOREIGN KEY ("counter_task_id") REFERENCES "public"."counter_tasks"("counter_task_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counter_tasks_due_idx" ON "counter_tasks" USING btree ("data_collecting_server_id","next_run_at") WHERE "counter_tasks"."state" in ('working', 'paused');--> statement-breakpoint
CREATE INDEX "counter_tasks_counter_idx" ON "counter_tasks" USING btree ("counter_id");--> statement-breakpoint
CREATE INDEX "current_data_requests_counter_idx" ON "current_data_requests" USING btree ("counter_id","created_at");--> statement-breakpoint
CREATE INDEX "current_data_requests_pending_idx" ON "current_data_requests" USING btree ("data_collecting_server_id") WHERE "current_data_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "task_log_entries_log_idx" ON "task_log_entries" USING btree ("task_log_id");--> statement-breakpoint
CREATE INDEX "task_logs_task_idx" ON "task_logs" USING btree ("counter_task_id","start_date");