CREATE TABLE "outapi_attempt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"no" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"http_status" integer,
	"error" text,
	"ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outapi_delivery" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"config_id" uuid NOT NULL,
	"api_id" text NOT NULL,
	"usage" text NOT NULL,
	"method" text NOT NULL,
	"target_url" text NOT NULL,
	"body" text NOT NULL,
	"items" integer NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"fail_after" integer NOT NULL,
	"last_status" integer,
	"last_error" text,
	"job_id" uuid NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outapi_job" (
	"id" uuid PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outapi_secret" (
	"config_id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"secret" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outapi_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"api_id" varchar(64),
	"usage" varchar(255),
	"send_method" varchar(255),
	"msg_display" varchar(255),
	"target_url" varchar(1000),
	"headers" jsonb,
	"secret" varchar(200),
	"secret_set" boolean,
	"remarks" text
);
--> statement-breakpoint
ALTER TABLE "outapi_attempt" ADD CONSTRAINT "outapi_attempt_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outapi_attempt" ADD CONSTRAINT "outapi_attempt_delivery_id_outapi_delivery_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."outapi_delivery"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outapi_delivery" ADD CONSTRAINT "outapi_delivery_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outapi_secret" ADD CONSTRAINT "outapi_secret_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outapi_config" ADD CONSTRAINT "outapi_config_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outapi_attempt_delivery_idx" ON "outapi_attempt" USING btree ("delivery_id","no");--> statement-breakpoint
CREATE INDEX "outapi_delivery_list_idx" ON "outapi_delivery" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "outapi_delivery_status_idx" ON "outapi_delivery" USING btree ("status");--> statement-breakpoint
CREATE INDEX "outapi_job_due_idx" ON "outapi_job" USING btree ("run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outapi_config_api_id_uq" ON "outapi_config" USING btree ("client_id","api_id");--> statement-breakpoint
CREATE INDEX "outapi_config_api_id_idx" ON "outapi_config" USING btree ("client_id","api_id" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "outapi_config_usage_idx" ON "outapi_config" USING btree ("client_id","usage" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "outapi_config_api_id_sort_idx" ON "outapi_config" USING btree ("client_id","api_id","id");--> statement-breakpoint
CREATE INDEX "outapi_config_created_at_sort_idx" ON "outapi_config" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "outapi_config_updated_at_sort_idx" ON "outapi_config" USING btree ("client_id","updated_at","id");