CREATE TABLE "scm_bin" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"warehouse_id" uuid,
	"code" varchar(32),
	"name" varchar(100),
	"active" boolean
);
--> statement-breakpoint
CREATE TABLE "scm_stock_issue" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"doc_no" varchar(40),
	"doc_date" date,
	"status" varchar(255),
	"note" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "scm_stock_issue_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"material_id" uuid,
	"style_code" varchar(40),
	"colour" varchar(40),
	"size" varchar(20),
	"from_bin_id" uuid,
	"quantity" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "scm_stock_move" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"doc_no" varchar(40),
	"doc_date" date,
	"status" varchar(255),
	"note" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "scm_stock_move_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"material_id" uuid,
	"style_code" varchar(40),
	"colour" varchar(40),
	"size" varchar(20),
	"from_bin_id" uuid,
	"to_bin_id" uuid,
	"quantity" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "scm_stock_receipt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"doc_no" varchar(40),
	"doc_date" date,
	"status" varchar(255),
	"note" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "scm_stock_receipt_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"material_id" uuid,
	"style_code" varchar(40),
	"colour" varchar(40),
	"size" varchar(20),
	"to_bin_id" uuid,
	"quantity" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "scm_warehouse" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"name" varchar(100),
	"plant_id" uuid,
	"address" varchar(200),
	"active" boolean
);
--> statement-breakpoint
CREATE TABLE "vf_bundle" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"bundle_code" varchar(40),
	"work_order_id" uuid,
	"style_code" varchar(40),
	"colour" varchar(40),
	"size" varchar(20),
	"quantity" integer,
	"done_steps" integer,
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "vf_bundle_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"step_no" integer,
	"process_id" uuid
);
--> statement-breakpoint
CREATE TABLE "scm_stock" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"bin_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"material_id" uuid,
	"style_code" text,
	"colour" text,
	"size" text,
	"quantity" numeric(18, 4) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scm_stock_bin_item_uq" UNIQUE("client_id","bin_id","item_key"),
	CONSTRAINT "scm_stock_not_negative" CHECK ("scm_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "scm_stock_ledger" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"doc_entity" text NOT NULL,
	"doc_id" uuid NOT NULL,
	"doc_no" text NOT NULL,
	"line_id" uuid,
	"bin_id" uuid NOT NULL,
	"item_key" text NOT NULL,
	"material_id" uuid,
	"style_code" text,
	"colour" text,
	"size" text,
	"delta" numeric(18, 4) NOT NULL,
	"balance" numeric(18, 4) NOT NULL,
	"posted_by" uuid,
	"posted_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vf_progress" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"brand_client_id" uuid,
	"work_order_id" uuid NOT NULL,
	"order_id" uuid,
	"process_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"process_name" text NOT NULL,
	"planned_qty" integer DEFAULT 0 NOT NULL,
	"done_qty" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vf_progress_wo_process_uq" UNIQUE("work_order_id","process_id")
);
--> statement-breakpoint
CREATE TABLE "vf_scan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"bundle_id" uuid NOT NULL,
	"work_order_id" uuid NOT NULL,
	"process_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"quantity" integer NOT NULL,
	"station" text,
	"scanned_by" uuid,
	"scanned_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "vf_scan_bundle_process_uq" UNIQUE("bundle_id","process_id")
);
--> statement-breakpoint
ALTER TABLE "scm_bin" ADD CONSTRAINT "scm_bin_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scm_stock_issue" ADD CONSTRAINT "scm_stock_issue_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scm_stock_issue_lines" ADD CONSTRAINT "scm_stock_issue_lines_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scm_stock_issue_lines" ADD CONSTRAINT "scm_stock_issue_lines_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."scm_stock_issue"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scm_stock_move" ADD CONSTRAINT "scm_stock_move_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scm_stock_move_lines" ADD CONSTRAINT "scm_stock_move_lines_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scm_stock_move_lines" ADD CONSTRAINT "scm_stock_move_lines_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."scm_stock_move"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scm_stock_receipt" ADD CONSTRAINT "scm_stock_receipt_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scm_stock_receipt_lines" ADD CONSTRAINT "scm_stock_receipt_lines_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scm_stock_receipt_lines" ADD CONSTRAINT "scm_stock_receipt_lines_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."scm_stock_receipt"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scm_warehouse" ADD CONSTRAINT "scm_warehouse_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vf_bundle" ADD CONSTRAINT "vf_bundle_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vf_bundle_steps" ADD CONSTRAINT "vf_bundle_steps_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vf_bundle_steps" ADD CONSTRAINT "vf_bundle_steps_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."vf_bundle"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scm_stock" ADD CONSTRAINT "scm_stock_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scm_stock_ledger" ADD CONSTRAINT "scm_stock_ledger_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vf_progress" ADD CONSTRAINT "vf_progress_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vf_scan" ADD CONSTRAINT "vf_scan_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scm_bin_code_uq" ON "scm_bin" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "scm_bin_code_idx" ON "scm_bin" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "scm_bin_warehouse_id_idx" ON "scm_bin" USING btree ("client_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "scm_bin_code_sort_idx" ON "scm_bin" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "scm_bin_created_at_sort_idx" ON "scm_bin" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "scm_bin_updated_at_sort_idx" ON "scm_bin" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "scm_stock_issue_doc_no_uq" ON "scm_stock_issue" USING btree ("client_id","doc_no");--> statement-breakpoint
CREATE INDEX "scm_stock_issue_doc_no_idx" ON "scm_stock_issue" USING btree ("client_id","doc_no" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "scm_stock_issue_status_idx" ON "scm_stock_issue" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "scm_stock_issue_doc_date_idx" ON "scm_stock_issue" USING btree ("client_id","doc_date");--> statement-breakpoint
CREATE INDEX "scm_stock_issue_doc_date_sort_idx" ON "scm_stock_issue" USING btree ("client_id","doc_date","id");--> statement-breakpoint
CREATE INDEX "scm_stock_issue_created_at_sort_idx" ON "scm_stock_issue" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "scm_stock_issue_updated_at_sort_idx" ON "scm_stock_issue" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "scm_stock_issue_doc_no_sort_idx" ON "scm_stock_issue" USING btree ("client_id","doc_no","id");--> statement-breakpoint
CREATE INDEX "scm_stock_issue_status_sort_idx" ON "scm_stock_issue" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "scm_stock_issue_lines_parent_idx" ON "scm_stock_issue_lines" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "scm_stock_issue_lines_material_id_idx" ON "scm_stock_issue_lines" USING btree ("client_id","material_id");--> statement-breakpoint
CREATE INDEX "scm_stock_issue_lines_from_bin_id_idx" ON "scm_stock_issue_lines" USING btree ("client_id","from_bin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scm_stock_move_doc_no_uq" ON "scm_stock_move" USING btree ("client_id","doc_no");--> statement-breakpoint
CREATE INDEX "scm_stock_move_doc_no_idx" ON "scm_stock_move" USING btree ("client_id","doc_no" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "scm_stock_move_status_idx" ON "scm_stock_move" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "scm_stock_move_doc_date_idx" ON "scm_stock_move" USING btree ("client_id","doc_date");--> statement-breakpoint
CREATE INDEX "scm_stock_move_doc_date_sort_idx" ON "scm_stock_move" USING btree ("client_id","doc_date","id");--> statement-breakpoint
CREATE INDEX "scm_stock_move_created_at_sort_idx" ON "scm_stock_move" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "scm_stock_move_updated_at_sort_idx" ON "scm_stock_move" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "scm_stock_move_doc_no_sort_idx" ON "scm_stock_move" USING btree ("client_id","doc_no","id");--> statement-breakpoint
CREATE INDEX "scm_stock_move_status_sort_idx" ON "scm_stock_move" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "scm_stock_move_lines_parent_idx" ON "scm_stock_move_lines" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "scm_stock_move_lines_material_id_idx" ON "scm_stock_move_lines" USING btree ("client_id","material_id");--> statement-breakpoint
CREATE INDEX "scm_stock_move_lines_from_bin_id_idx" ON "scm_stock_move_lines" USING btree ("client_id","from_bin_id");--> statement-breakpoint
CREATE INDEX "scm_stock_move_lines_to_bin_id_idx" ON "scm_stock_move_lines" USING btree ("client_id","to_bin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scm_stock_receipt_doc_no_uq" ON "scm_stock_receipt" USING btree ("client_id","doc_no");--> statement-breakpoint
CREATE INDEX "scm_stock_receipt_doc_no_idx" ON "scm_stock_receipt" USING btree ("client_id","doc_no" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "scm_stock_receipt_status_idx" ON "scm_stock_receipt" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "scm_stock_receipt_doc_date_idx" ON "scm_stock_receipt" USING btree ("client_id","doc_date");--> statement-breakpoint
CREATE INDEX "scm_stock_receipt_doc_date_sort_idx" ON "scm_stock_receipt" USING btree ("client_id","doc_date","id");--> statement-breakpoint
CREATE INDEX "scm_stock_receipt_created_at_sort_idx" ON "scm_stock_receipt" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "scm_stock_receipt_updated_at_sort_idx" ON "scm_stock_receipt" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "scm_stock_receipt_doc_no_sort_idx" ON "scm_stock_receipt" USING btree ("client_id","doc_no","id");--> statement-breakpoint
CREATE INDEX "scm_stock_receipt_status_sort_idx" ON "scm_stock_receipt" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "scm_stock_receipt_lines_parent_idx" ON "scm_stock_receipt_lines" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "scm_stock_receipt_lines_material_id_idx" ON "scm_stock_receipt_lines" USING btree ("client_id","material_id");--> statement-breakpoint
CREATE INDEX "scm_stock_receipt_lines_to_bin_id_idx" ON "scm_stock_receipt_lines" USING btree ("client_id","to_bin_id");--> statement-breakpoint
CREATE UNIQUE INDEX "scm_warehouse_code_uq" ON "scm_warehouse" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "scm_warehouse_code_idx" ON "scm_warehouse" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "scm_warehouse_name_idx" ON "scm_warehouse" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "scm_warehouse_plant_id_idx" ON "scm_warehouse" USING btree ("client_id","plant_id");--> statement-breakpoint
CREATE INDEX "scm_warehouse_code_sort_idx" ON "scm_warehouse" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "scm_warehouse_created_at_sort_idx" ON "scm_warehouse" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "scm_warehouse_updated_at_sort_idx" ON "scm_warehouse" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "vf_bundle_bundle_code_uq" ON "vf_bundle" USING btree ("client_id","bundle_code");--> statement-breakpoint
CREATE INDEX "vf_bundle_bundle_code_idx" ON "vf_bundle" USING btree ("client_id","bundle_code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "vf_bundle_work_order_id_idx" ON "vf_bundle" USING btree ("client_id","work_order_id");--> statement-breakpoint
CREATE INDEX "vf_bundle_style_code_idx" ON "vf_bundle" USING btree ("client_id","style_code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "vf_bundle_status_idx" ON "vf_bundle" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "vf_bundle_bundle_code_sort_idx" ON "vf_bundle" USING btree ("client_id","bundle_code","id");--> statement-breakpoint
CREATE INDEX "vf_bundle_created_at_sort_idx" ON "vf_bundle" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "vf_bundle_updated_at_sort_idx" ON "vf_bundle" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "vf_bundle_status_sort_idx" ON "vf_bundle" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "vf_bundle_steps_parent_idx" ON "vf_bundle_steps" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "vf_bundle_steps_process_id_idx" ON "vf_bundle_steps" USING btree ("client_id","process_id");--> statement-breakpoint
CREATE INDEX "scm_stock_ledger_bin_idx" ON "scm_stock_ledger" USING btree ("client_id","bin_id","item_key");--> statement-breakpoint
CREATE INDEX "scm_stock_ledger_doc_idx" ON "scm_stock_ledger" USING btree ("client_id","doc_id");--> statement-breakpoint
CREATE INDEX "vf_progress_client_idx" ON "vf_progress" USING btree ("client_id","work_order_id");--> statement-breakpoint
CREATE INDEX "vf_progress_brand_idx" ON "vf_progress" USING btree ("brand_client_id","order_id");--> statement-breakpoint
CREATE INDEX "vf_scan_wo_idx" ON "vf_scan" USING btree ("client_id","work_order_id","scanned_at");