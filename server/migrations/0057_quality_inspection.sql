CREATE TABLE "qc_inspection" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(64),
	"inspection_type" varchar(20),
	"customer_order_id" varchar(36),
	"order_code" varchar(64),
	"factory_client_id" varchar(36),
	"factory_name" varchar(200),
	"brand_name" varchar(200),
	"inspector_party" varchar(20),
	"inspector_client_id" varchar(36),
	"inspector_name" varchar(200),
	"inspection_date" date,
	"proposed_date" date,
	"level" varchar(20),
	"aql_critical" varchar(8),
	"aql_major" varchar(8),
	"aql_minor" varchar(8),
	"lot_size" numeric(18, 0),
	"code_letter" varchar(2),
	"sample_size" integer,
	"plans" jsonb,
	"sampled_qty" integer,
	"critical_count" integer,
	"major_count" integer,
	"minor_count" integer,
	"result" varchar(20),
	"override_reason" text,
	"override_by" varchar(36),
	"reinspection_of" varchar(36),
	"cancel_reason" text,
	"comment" text,
	"remark" text,
	"status" varchar(20)
);
--> statement-breakpoint
CREATE TABLE "qc_inspection_defects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"defect_code" varchar(32),
	"defect_class" varchar(20),
	"qty" integer,
	"photos" jsonb,
	"note" text,
	"client_key" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "qc_inspection_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"style_code" varchar(64),
	"colour" varchar(64),
	"size" varchar(32),
	"qty" numeric(18, 0)
);
--> statement-breakpoint
CREATE TABLE "qc_inspection_readings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"point" varchar(64),
	"size" varchar(32),
	"piece" integer,
	"spec" numeric(18, 4),
	"tolerance" numeric(18, 4),
	"measured" numeric(18, 4),
	"out_of_tolerance" boolean
);
--> statement-breakpoint
ALTER TABLE "qc_inspection" ADD CONSTRAINT "qc_inspection_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_inspection_defects" ADD CONSTRAINT "qc_inspection_defects_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_inspection_defects" ADD CONSTRAINT "qc_inspection_defects_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."qc_inspection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_inspection_lines" ADD CONSTRAINT "qc_inspection_lines_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_inspection_lines" ADD CONSTRAINT "qc_inspection_lines_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."qc_inspection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_inspection_readings" ADD CONSTRAINT "qc_inspection_readings_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "qc_inspection_readings" ADD CONSTRAINT "qc_inspection_readings_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."qc_inspection"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "qc_inspection_code_idx" ON "qc_inspection" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "qc_inspection_status_idx" ON "qc_inspection" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "qc_inspection_inspection_type_idx" ON "qc_inspection" USING btree ("client_id","inspection_type" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "qc_inspection_inspection_date_idx" ON "qc_inspection" USING btree ("client_id","inspection_date");--> statement-breakpoint
CREATE INDEX "qc_inspection_inspection_date_sort_idx" ON "qc_inspection" USING btree ("client_id","inspection_date","id");--> statement-breakpoint
CREATE INDEX "qc_inspection_created_at_sort_idx" ON "qc_inspection" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "qc_inspection_updated_at_sort_idx" ON "qc_inspection" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "qc_inspection_code_sort_idx" ON "qc_inspection" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "qc_inspection_status_sort_idx" ON "qc_inspection" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "qc_inspection_defects_parent_idx" ON "qc_inspection_defects" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "qc_inspection_lines_parent_idx" ON "qc_inspection_lines" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "qc_inspection_readings_parent_idx" ON "qc_inspection_readings" USING btree ("parent_id","seq");