CREATE TABLE "cap_allocation_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version_id" uuid NOT NULL,
	"demand_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"supplier_client_id" uuid,
	"capacity_group_id" uuid NOT NULL,
	"week" text NOT NULL,
	"qty" integer NOT NULL,
	"minutes" numeric(18, 4) NOT NULL,
	"status" text DEFAULT '10' NOT NULL,
	"over_capacity" boolean DEFAULT false NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"demand_no" text NOT NULL,
	"style_no" text NOT NULL,
	"group_code" text NOT NULL,
	"group_name" text NOT NULL,
	"smv" numeric(18, 4) NOT NULL,
	"due_week" text NOT NULL,
	"brand_name" text NOT NULL,
	"vendor_name" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" uuid
);
--> statement-breakpoint
CREATE TABLE "cap_capacity_group" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"name" varchar(100),
	"description" text,
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "cap_demand" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"demand_no" varchar(32),
	"style_no" varchar(64),
	"capacity_group_id" uuid,
	"quantity" integer,
	"smv" numeric(18, 4),
	"due_week" varchar(8),
	"plant_id" uuid,
	"status" varchar(255),
	"remarks" text
);
--> statement-breakpoint
CREATE TABLE "cap_demand_allocation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version_no" integer,
	"title" varchar(100),
	"start_week" varchar(8),
	"status" varchar(255),
	"objective" numeric(18, 4),
	"published_at" timestamp,
	"remarks" text
);
--> statement-breakpoint
CREATE TABLE "cap_order_allocation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"customer_order_id" uuid,
	"production_line_id" uuid,
	"work_date" date,
	"process_code" varchar(32),
	"quantity" integer,
	"smv" numeric(18, 4),
	"minutes" numeric(18, 4),
	"line_minutes" numeric(18, 4),
	"allocation_line_id" varchar(36),
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "cap_vendor_capacity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"brand" varchar(200),
	"brand_client_id" varchar(36),
	"group_code" varchar(32),
	"group_name" varchar(100),
	"week" varchar(8),
	"operators" integer,
	"minutes_per_day" numeric(18, 4),
	"work_days" numeric(18, 4),
	"efficiency" numeric(18, 4),
	"booked_minutes" numeric(18, 4),
	"avg_smv" numeric(18, 4),
	"capacity_minutes" numeric(18, 4),
	"free_minutes" numeric(18, 4),
	"capacity_pieces" integer,
	"remarks" text
);
--> statement-breakpoint
CREATE TABLE "cap_vendor_kpi" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vendor_id" uuid,
	"period" varchar(10),
	"on_time_rate" numeric(18, 4),
	"quality_rate" numeric(18, 4),
	"price_score" numeric(18, 4),
	"eval_score" numeric(18, 4),
	"ticket_deduction" numeric(18, 4),
	"total_score" numeric(18, 4),
	"computed" varchar(200),
	"remarks" text
);
--> statement-breakpoint
CREATE TABLE "cap_vendor_setting" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vendor_id" uuid,
	"lead_time_weeks" integer,
	"status" varchar(255),
	"remarks" text
);
--> statement-breakpoint
CREATE TABLE "cap_vendor_setting_groups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"capacity_group_id" uuid,
	"min_share" numeric(18, 4),
	"max_share" numeric(18, 4)
);
--> statement-breakpoint
ALTER TABLE "cap_allocation_line" ADD CONSTRAINT "cap_allocation_line_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_allocation_line" ADD CONSTRAINT "cap_allocation_line_version_id_cap_demand_allocation_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."cap_demand_allocation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_capacity_group" ADD CONSTRAINT "cap_capacity_group_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_demand" ADD CONSTRAINT "cap_demand_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_demand_allocation" ADD CONSTRAINT "cap_demand_allocation_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_order_allocation" ADD CONSTRAINT "cap_order_allocation_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_vendor_capacity" ADD CONSTRAINT "cap_vendor_capacity_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_vendor_kpi" ADD CONSTRAINT "cap_vendor_kpi_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_vendor_setting" ADD CONSTRAINT "cap_vendor_setting_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_vendor_setting_groups" ADD CONSTRAINT "cap_vendor_setting_groups_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cap_vendor_setting_groups" ADD CONSTRAINT "cap_vendor_setting_groups_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."cap_vendor_setting"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cap_allocation_line_version_idx" ON "cap_allocation_line" USING btree ("client_id","version_id","demand_id");--> statement-breakpoint
CREATE INDEX "cap_allocation_line_supplier_idx" ON "cap_allocation_line" USING btree ("supplier_client_id","status");--> statement-breakpoint
CREATE INDEX "cap_allocation_line_vendor_week_idx" ON "cap_allocation_line" USING btree ("client_id","vendor_id","capacity_group_id","week");--> statement-breakpoint
CREATE UNIQUE INDEX "cap_capacity_group_code_uq" ON "cap_capacity_group" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "cap_capacity_group_code_idx" ON "cap_capacity_group" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cap_capacity_group_name_idx" ON "cap_capacity_group" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cap_capacity_group_status_idx" ON "cap_capacity_group" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cap_capacity_group_code_sort_idx" ON "cap_capacity_group" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "cap_capacity_group_created_at_sort_idx" ON "cap_capacity_group" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cap_capacity_group_updated_at_sort_idx" ON "cap_capacity_group" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "cap_capacity_group_status_sort_idx" ON "cap_capacity_group" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cap_demand_demand_no_uq" ON "cap_demand" USING btree ("client_id","demand_no");--> statement-breakpoint
CREATE INDEX "cap_demand_demand_no_idx" ON "cap_demand" USING btree ("client_id","demand_no" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cap_demand_style_no_idx" ON "cap_demand" USING btree ("client_id","style_no" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cap_demand_capacity_group_id_idx" ON "cap_demand" USING btree ("client_id","capacity_group_id");--> statement-breakpoint
CREATE INDEX "cap_demand_due_week_idx" ON "cap_demand" USING btree ("client_id","due_week" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cap_demand_status_idx" ON "cap_demand" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cap_demand_plant_id_idx" ON "cap_demand" USING btree ("client_id","plant_id");--> statement-breakpoint
CREATE INDEX "cap_demand_due_week_sort_idx" ON "cap_demand" USING btree ("client_id","due_week","id");--> statement-breakpoint
CREATE INDEX "cap_demand_created_at_sort_idx" ON "cap_demand" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cap_demand_updated_at_sort_idx" ON "cap_demand" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "cap_demand_status_sort_idx" ON "cap_demand" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "cap_demand_allocation_title_idx" ON "cap_demand_allocation" USING btree ("client_id","title" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cap_demand_allocation_status_idx" ON "cap_demand_allocation" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cap_demand_allocation_version_no_sort_idx" ON "cap_demand_allocation" USING btree ("client_id","version_no","id");--> statement-breakpoint
CREATE INDEX "cap_demand_allocation_created_at_sort_idx" ON "cap_demand_allocation" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cap_demand_allocation_updated_at_sort_idx" ON "cap_demand_allocation" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "cap_demand_allocation_status_sort_idx" ON "cap_demand_allocation" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "cap_order_allocation_work_date_idx" ON "cap_order_allocation" USING btree ("client_id","work_date");--> statement-breakpoint
CREATE INDEX "cap_order_allocation_production_line_id_idx" ON "cap_order_allocation" USING btree ("client_id","production_line_id");--> statement-breakpoint
CREATE INDEX "cap_order_allocation_customer_order_id_idx" ON "cap_order_allocation" USING btree ("client_id","customer_order_id");--> statement-breakpoint
CREATE INDEX "cap_order_allocation_status_idx" ON "cap_order_allocation" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cap_order_allocation_work_date_sort_idx" ON "cap_order_allocation" USING btree ("client_id","work_date","id");--> statement-breakpoint
CREATE INDEX "cap_order_allocation_created_at_sort_idx" ON "cap_order_allocation" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cap_order_allocation_updated_at_sort_idx" ON "cap_order_allocation" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "cap_order_allocation_status_sort_idx" ON "cap_order_allocation" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "cap_vendor_capacity_brand_idx" ON "cap_vendor_capacity" USING btree ("client_id","brand" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cap_vendor_capacity_group_code_idx" ON "cap_vendor_capacity" USING btree ("client_id","group_code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cap_vendor_capacity_week_idx" ON "cap_vendor_capacity" USING btree ("client_id","week" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cap_vendor_capacity_week_sort_idx" ON "cap_vendor_capacity" USING btree ("client_id","week","id");--> statement-breakpoint
CREATE INDEX "cap_vendor_capacity_created_at_sort_idx" ON "cap_vendor_capacity" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cap_vendor_capacity_updated_at_sort_idx" ON "cap_vendor_capacity" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "cap_vendor_kpi_vendor_id_idx" ON "cap_vendor_kpi" USING btree ("client_id","vendor_id");--> statement-breakpoint
CREATE INDEX "cap_vendor_kpi_period_idx" ON "cap_vendor_kpi" USING btree ("client_id","period" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cap_vendor_kpi_period_sort_idx" ON "cap_vendor_kpi" USING btree ("client_id","period","id");--> statement-breakpoint
CREATE INDEX "cap_vendor_kpi_created_at_sort_idx" ON "cap_vendor_kpi" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cap_vendor_kpi_updated_at_sort_idx" ON "cap_vendor_kpi" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "cap_vendor_setting_vendor_id_uq" ON "cap_vendor_setting" USING btree ("client_id","vendor_id");--> statement-breakpoint
CREATE INDEX "cap_vendor_setting_status_idx" ON "cap_vendor_setting" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cap_vendor_setting_created_at_sort_idx" ON "cap_vendor_setting" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cap_vendor_setting_updated_at_sort_idx" ON "cap_vendor_setting" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "cap_vendor_setting_status_sort_idx" ON "cap_vendor_setting" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "cap_vendor_setting_groups_parent_idx" ON "cap_vendor_setting_groups" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "cap_vendor_setting_groups_capacity_group_id_idx" ON "cap_vendor_setting_groups" USING btree ("client_id","capacity_group_id");