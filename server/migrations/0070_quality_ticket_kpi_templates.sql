CREATE TABLE "qc_template" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(40),
	"name" varchar(100),
	"product_type" varchar(60),
	"is_default" boolean
);
--> statement-breakpoint
CREATE TABLE "qc_template_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"check_group" varchar(20),
	"code" varchar(32),
	"name_en" varchar(200),
	"name_zh" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "qc_template_defects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"code" varchar(32),
	"name_en" varchar(100),
	"name_zh" varchar(100),
	"default_class" varchar(20)
);
--> statement-breakpoint
ALTER TABLE "cap_vendor_kpi" ADD COLUMN "first_pass_yield" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "cap_vendor_kpi" ADD COLUMN "defects_per_100" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "cap_vendor_kpi" ADD COLUMN "inspections" integer;--> statement-breakpoint
ALTER TABLE "qc_inspection" ADD COLUMN "template_id" varchar(36);--> statement-breakpoint
ALTER TABLE "qc_inspection" ADD COLUMN "catalogue" jsonb;--> statement-breakpoint
ALTER TABLE "qc_inspection" ADD COLUMN "checks" jsonb;--> statement-breakpoint
ALTER TABLE "qc_inspection" ADD COLUMN "points" jsonb;--> statement-breakpoint
ALTER TABLE "qc_inspection" ADD COLUMN "finished_by" varchar(36);--> statement-breakpoint
ALTER TABLE "qc_inspection" ADD COLUMN "finished_by_name" varchar(200);--> statement-breakpoint
ALTER TABLE "qc_inspection" ADD COLUMN "finished_at" timestamp;--> statement-breakpoint
ALTER TABLE "qc_inspection" ADD COLUMN "severity" varchar(20);--> statement-breakpoint
ALTER TABLE "qc_inspection" ADD COLUMN "penalty_result" varchar(20);--> statement-breakpoint
ALTER TABLE "qc_inspection" ADD COLUMN "deduction_amount" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "qc_inspection" ADD COLUMN "deduction_ratio" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "qc_inspection" ADD COLUMN "deduction_type" varchar(20);--> statement-breakpoint
ALTER TABLE "qc_inspection" ADD COLUMN "ticket_id" varchar(36);--> statement-breakpoint
ALTER TABLE "qc_inspection" ADD COLUMN "ticket_code" varchar(64);--> statement-breakpoint
ALTER TABLE "qc_inspection_readings" ADD COLUMN "tol_minus" numeric(18, 4);--> statement-breakpoint
ALTER TABLE "qc_inspection_readings" ADD COLUMN "style_code" varchar(64);--> statement-breakpoint
ALTER TABLE "qc_template" ADD CONSTRAINT "qc_template_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_template_checks" ADD CONSTRAINT "qc_template_checks_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_template_checks" ADD CONSTRAINT "qc_template_checks_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."qc_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_template_defects" ADD CONSTRAINT "qc_template_defects_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_template_defects" ADD CONSTRAINT "qc_template_defects_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."qc_template"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "qc_template_code_uq" ON "qc_template" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "qc_template_code_idx" ON "qc_template" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "qc_template_name_idx" ON "qc_template" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "qc_template_product_type_idx" ON "qc_template" USING btree ("client_id","product_type" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "qc_template_code_sort_idx" ON "qc_template" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "qc_template_created_at_sort_idx" ON "qc_template" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "qc_template_updated_at_sort_idx" ON "qc_template" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "qc_template_checks_parent_idx" ON "qc_template_checks" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "qc_template_defects_parent_idx" ON "qc_template_defects" USING btree ("parent_id","seq");