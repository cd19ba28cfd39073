CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"record_id" uuid NOT NULL,
	"action" text NOT NULL,
	"user_id" uuid,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_rule" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"menu_code" text NOT NULL,
	"user_id" uuid NOT NULL,
	"field" text NOT NULL,
	"operator" text NOT NULL,
	"value" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "serial_number_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(64) NOT NULL,
	"prefix" varchar(32) DEFAULT '' NOT NULL,
	"date_prefix" varchar(32) DEFAULT '' NOT NULL,
	"suffix" varchar(32) DEFAULT '' NOT NULL,
	"length" integer DEFAULT 4 NOT NULL,
	"flag" integer DEFAULT 1 NOT NULL,
	"description" text
);
--> statement-breakpoint
CREATE TABLE "serial_number_counter" (
	"client_id" uuid NOT NULL,
	"code" varchar(64) NOT NULL,
	"period" varchar(32) DEFAULT '' NOT NULL,
	"last" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "serial_number_counter_pk" PRIMARY KEY("client_id","code","period")
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_rule" ADD CONSTRAINT "data_rule_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_rule" ADD CONSTRAINT "data_rule_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_number_config" ADD CONSTRAINT "serial_number_config_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_number_counter" ADD CONSTRAINT "serial_number_counter_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_record_idx" ON "audit_log" USING btree ("client_id","entity","record_id","at");--> statement-breakpoint
CREATE INDEX "data_rule_user_menu_idx" ON "data_rule" USING btree ("client_id","user_id","menu_code");--> statement-breakpoint
CREATE UNIQUE INDEX "serial_number_config_code_uq" ON "serial_number_config" USING btree ("client_id","code");