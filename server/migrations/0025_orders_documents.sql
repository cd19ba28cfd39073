CREATE TABLE "ord_customer_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(64),
	"customer_id" uuid,
	"buyer_name" varchar(200),
	"buyer_client_id" varchar(36),
	"plant_id" uuid,
	"order_date" date,
	"delivery_date" date,
	"total_qty" numeric(18, 4),
	"total_amount" numeric(18, 4),
	"produced_qty" numeric(18, 4),
	"finished_qty" numeric(18, 4),
	"reject_reason" text,
	"remark" text,
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "ord_customer_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"style_code" varchar(64),
	"colour" varchar(64),
	"size" varchar(32),
	"qty" numeric(18, 4),
	"price" numeric(18, 4),
	"amount" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "ord_material_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(64),
	"vendor_id" uuid,
	"customer_order_id" uuid,
	"required_date" date,
	"total_amount" numeric(18, 4),
	"remark" text,
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "ord_material_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"material_code" varchar(64),
	"material_id" uuid,
	"qty" numeric(18, 4),
	"price" numeric(18, 4),
	"received_qty" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "ord_outsourced_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(64),
	"vendor_id" uuid,
	"indicator" varchar(255),
	"plan_id" uuid,
	"work_order_id" uuid,
	"process_id" uuid,
	"style_code" varchar(64),
	"qty" numeric(18, 4),
	"price" numeric(18, 4),
	"amount" numeric(18, 4),
	"due_date" date,
	"completed_qty" numeric(18, 4),
	"tracking" varchar(255),
	"vendor_client_id" varchar(36),
	"sender_name" varchar(200),
	"remark" text,
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "ord_production_plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(64),
	"customer_order_id" uuid,
	"plant_id" uuid,
	"start_date" date,
	"qty" numeric(18, 4),
	"end_date" date,
	"remark" text,
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "ord_work_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(64),
	"plan_id" uuid,
	"customer_order_id" uuid,
	"style_code" varchar(64),
	"plant_id" uuid,
	"production_line_id" uuid,
	"process_id" uuid,
	"sequence" integer,
	"qty" numeric(18, 4),
	"planned_start" date,
	"planned_end" date,
	"completed_qty" numeric(18, 4),
	"progress" numeric(18, 4),
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "ord_work_order_sizes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"colour" varchar(64),
	"size" varchar(32),
	"qty" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "scm_purchase_requirement_bom" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"entry_no" integer,
	"material_code" varchar(64),
	"material_id" uuid,
	"usage" numeric(18, 4),
	"unit" varchar(16)
);
--> statement-breakpoint
ALTER TABLE "ord_customer_order" ADD CONSTRAINT "ord_customer_order_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ord_customer_order_lines" ADD CONSTRAINT "ord_customer_order_lines_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ord_customer_order_lines" ADD CONSTRAINT "ord_customer_order_lines_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."ord_customer_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ord_material_order" ADD CONSTRAINT "ord_material_order_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ord_material_order_lines" ADD CONSTRAINT "ord_material_order_lines_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ord_material_order_lines" ADD CONSTRAINT "ord_material_order_lines_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."ord_material_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ord_outsourced_order" ADD CONSTRAINT "ord_outsourced_order_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ord_production_plan" ADD CONSTRAINT "ord_production_plan_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ord_work_order" ADD CONSTRAINT "ord_work_order_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ord_work_order_sizes" ADD CONSTRAINT "ord_work_order_sizes_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ord_work_order_sizes" ADD CONSTRAINT "ord_work_order_sizes_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."ord_work_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scm_purchase_requirement_bom" ADD CONSTRAINT "scm_purchase_requirement_bom_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scm_purchase_requirement_bom" ADD CONSTRAINT "scm_purchase_requirement_bom_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."scm_purchase_requirement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ord_customer_order_code_idx" ON "ord_customer_order" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "ord_customer_order_status_idx" ON "ord_customer_order" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "ord_customer_order_customer_id_idx" ON "ord_customer_order" USING btree ("client_id","customer_id");--> statement-breakpoint
CREATE INDEX "ord_customer_order_delivery_date_idx" ON "ord_customer_order" USING btree ("client_id","delivery_date");--> statement-breakpoint
CREATE INDEX "ord_customer_order_plant_id_idx" ON "ord_customer_order" USING btree ("client_id","plant_id");--> statement-breakpoint
CREATE INDEX "ord_customer_order_created_at_sort_idx" ON "ord_customer_order" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ord_customer_order_updated_at_sort_idx" ON "ord_customer_order" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "ord_customer_order_code_sort_idx" ON "ord_customer_order" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "ord_customer_order_status_sort_idx" ON "ord_customer_order" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "ord_customer_order_lines_parent_idx" ON "ord_customer_order_lines" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "ord_material_order_code_uq" ON "ord_material_order" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "ord_material_order_code_idx" ON "ord_material_order" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "ord_material_order_status_idx" ON "ord_material_order" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "ord_material_order_vendor_id_idx" ON "ord_material_order" USING btree ("client_id","vendor_id");--> statement-breakpoint
CREATE INDEX "ord_material_order_customer_order_id_idx" ON "ord_material_order" USING btree ("client_id","customer_order_id");--> statement-breakpoint
CREATE INDEX "ord_material_order_created_at_sort_idx" ON "ord_material_order" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ord_material_order_updated_at_sort_idx" ON "ord_material_order" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "ord_material_order_code_sort_idx" ON "ord_material_order" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "ord_material_order_status_sort_idx" ON "ord_material_order" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "ord_material_order_lines_parent_idx" ON "ord_material_order_lines" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "ord_material_order_lines_material_id_idx" ON "ord_material_order_lines" USING btree ("client_id","material_id");--> statement-breakpoint
CREATE INDEX "ord_outsourced_order_code_idx" ON "ord_outsourced_order" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "ord_outsourced_order_status_idx" ON "ord_outsourced_order" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "ord_outsourced_order_vendor_id_idx" ON "ord_outsourced_order" USING btree ("client_id","vendor_id");--> statement-breakpoint
CREATE INDEX "ord_outsourced_order_plan_id_idx" ON "ord_outsourced_order" USING btree ("client_id","plan_id");--> statement-breakpoint
CREATE INDEX "ord_outsourced_order_indicator_idx" ON "ord_outsourced_order" USING btree ("client_id","indicator" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "ord_outsourced_order_work_order_id_idx" ON "ord_outsourced_order" USING btree ("client_id","work_order_id");--> statement-breakpoint
CREATE INDEX "ord_outsourced_order_process_id_idx" ON "ord_outsourced_order" USING btree ("client_id","process_id");--> statement-breakpoint
CREATE INDEX "ord_outsourced_order_created_at_sort_idx" ON "ord_outsourced_order" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ord_outsourced_order_updated_at_sort_idx" ON "ord_outsourced_order" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "ord_outsourced_order_code_sort_idx" ON "ord_outsourced_order" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "ord_outsourced_order_status_sort_idx" ON "ord_outsourced_order" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "ord_production_plan_code_idx" ON "ord_production_plan" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "ord_production_plan_status_idx" ON "ord_production_plan" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "ord_production_plan_plant_id_idx" ON "ord_production_plan" USING btree ("client_id","plant_id");--> statement-breakpoint
CREATE INDEX "ord_production_plan_customer_order_id_idx" ON "ord_production_plan" USING btree ("client_id","customer_order_id");--> statement-breakpoint
CREATE INDEX "ord_production_plan_created_at_sort_idx" ON "ord_production_plan" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ord_production_plan_updated_at_sort_idx" ON "ord_production_plan" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "ord_production_plan_code_sort_idx" ON "ord_production_plan" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "ord_production_plan_status_sort_idx" ON "ord_production_plan" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "ord_work_order_code_idx" ON "ord_work_order" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "ord_work_order_status_idx" ON "ord_work_order" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "ord_work_order_production_line_id_idx" ON "ord_work_order" USING btree ("client_id","production_line_id");--> statement-breakpoint
CREATE INDEX "ord_work_order_customer_order_id_idx" ON "ord_work_order" USING btree ("client_id","customer_order_id");--> statement-breakpoint
CREATE INDEX "ord_work_order_plan_id_idx" ON "ord_work_order" USING btree ("client_id","plan_id");--> statement-breakpoint
CREATE INDEX "ord_work_order_planned_start_idx" ON "ord_work_order" USING btree ("client_id","planned_start");--> statement-breakpoint
CREATE INDEX "ord_work_order_plant_id_idx" ON "ord_work_order" USING btree ("client_id","plant_id");--> statement-breakpoint
CREATE INDEX "ord_work_order_process_id_idx" ON "ord_work_order" USING btree ("client_id","process_id");--> statement-breakpoint
CREATE INDEX "ord_work_order_planned_start_sort_idx" ON "ord_work_order" USING btree ("client_id","planned_start","id");--> statement-breakpoint
CREATE INDEX "ord_work_order_created_at_sort_idx" ON "ord_work_order" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ord_work_order_updated_at_sort_idx" ON "ord_work_order" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "ord_work_order_code_sort_idx" ON "ord_work_order" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "ord_work_order_status_sort_idx" ON "ord_work_order" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "ord_work_order_sizes_parent_idx" ON "ord_work_order_sizes" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "scm_purchase_requirement_bom_parent_idx" ON "scm_purchase_requirement_bom" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "scm_purchase_requirement_bom_material_id_idx" ON "scm_purchase_requirement_bom" USING btree ("client_id","material_id");