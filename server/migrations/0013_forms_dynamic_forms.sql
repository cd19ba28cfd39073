CREATE TABLE "dynamic_form" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(60) NOT NULL,
	"name_en" varchar(200) NOT NULL,
	"name_zh" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "dynamic_form_client_code_uq" UNIQUE("client_id","code")
);
--> statement-breakpoint
CREATE TABLE "dynamic_form_scenario" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"form_id" uuid NOT NULL,
	"context_type" varchar(20) NOT NULL,
	"context_key" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	CONSTRAINT "dynamic_form_scenario_context_uq" UNIQUE("client_id","context_type","context_key")
);
--> statement-breakpoint
CREATE TABLE "dynamic_form_value" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"form_id" uuid NOT NULL,
	"entity" varchar(100) NOT NULL,
	"record_id" varchar(100) NOT NULL,
	"form_version" integer NOT NULL,
	"values" jsonb NOT NULL,
	CONSTRAINT "dynamic_form_value_record_uq" UNIQUE("client_id","form_id","entity","record_id")
);
--> statement-breakpoint
ALTER TABLE "dynamic_form" ADD CONSTRAINT "dynamic_form_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_form_scenario" ADD CONSTRAINT "dynamic_form_scenario_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_form_scenario" ADD CONSTRAINT "dynamic_form_scenario_form_id_dynamic_form_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."dynamic_form"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_form_value" ADD CONSTRAINT "dynamic_form_value_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dynamic_form_value" ADD CONSTRAINT "dynamic_form_value_form_id_dynamic_form_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."dynamic_form"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dynamic_form_scenario_form_idx" ON "dynamic_form_scenario" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "dynamic_form_value_record_idx" ON "dynamic_form_value" USING btree ("client_id","entity","record_id");--> statement-breakpoint
CREATE INDEX "dynamic_form_value_values_idx" ON "dynamic_form_value" USING gin ("values");