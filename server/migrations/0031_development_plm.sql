CREATE TABLE "plm_quote" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"supplier_client_id" uuid NOT NULL,
	"code" text NOT NULL,
	"style_id" uuid NOT NULL,
	"style_code" text NOT NULL,
	"style_name" text,
	"qty" numeric(18, 4),
	"currency" text DEFAULT 'CNY' NOT NULL,
	"due_date" date,
	"status" text DEFAULT 'requested' NOT NULL,
	"material_cost" numeric(18, 4),
	"labour_cost" numeric(18, 4),
	"overhead_cost" numeric(18, 4),
	"margin_pct" numeric(18, 4),
	"unit_price" numeric(18, 4),
	"tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lead_time_days" integer,
	"supplier_remarks" text,
	"brand_remarks" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "plm_sample" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"supplier_client_id" uuid NOT NULL,
	"code" text NOT NULL,
	"style_id" uuid NOT NULL,
	"style_code" text NOT NULL,
	"style_name" text,
	"style_image" text,
	"sample_type" text NOT NULL,
	"size_code" text NOT NULL,
	"unit" text DEFAULT 'cm' NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"due_date" date,
	"status" text DEFAULT 'requested' NOT NULL,
	"brand_remarks" text,
	"supplier_remarks" text,
	"answered_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"previous_id" uuid
);
--> statement-breakpoint
CREATE TABLE "plm_sample_point" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"supplier_client_id" uuid NOT NULL,
	"sample_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"pom_code" text NOT NULL,
	"description" text,
	"spec" numeric(18, 4) NOT NULL,
	"tol_plus" numeric(18, 4) NOT NULL,
	"tol_minus" numeric(18, 4) NOT NULL,
	"critical" boolean DEFAULT false NOT NULL,
	"measured" numeric(18, 4),
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "plm_bom" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(40),
	"style_id" uuid,
	"name" varchar(100),
	"currency" varchar(255),
	"order_qty" numeric(18, 4),
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "plm_bom_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"material_id" uuid,
	"colour_id" uuid,
	"placement" varchar(60),
	"consumption" numeric(18, 4),
	"wastage_pct" numeric(18, 4),
	"unit" varchar(255),
	"price" numeric(18, 4),
	"currency" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "plm_bom_tiers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"material_id" uuid,
	"level" integer,
	"min_qty" numeric(18, 4),
	"price" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "plm_colour" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"name_en" varchar(60),
	"name_zh" varchar(60),
	"reference" varchar(40),
	"hex" varchar(7),
	"swatch" varchar(1024)
);
--> statement-breakpoint
CREATE TABLE "plm_follow_node_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"name" varchar(100),
	"basis" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "plm_follow_node_config_nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"node_code" varchar(20),
	"node_name" varchar(60),
	"offset_days" integer,
	"owner_role" varchar(40),
	"depends_on" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "plm_measurement_chart" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(40),
	"name" varchar(100),
	"style_id" uuid,
	"size_range_id" uuid,
	"unit" varchar(255),
	"rounding" varchar(255),
	"is_template" boolean,
	"sizes" jsonb
);
--> statement-breakpoint
CREATE TABLE "plm_measurement_chart_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"pom_code" varchar(20),
	"description" varchar(120),
	"tol_plus" numeric(18, 4),
	"tol_minus" numeric(18, 4),
	"critical" boolean,
	"base_value" numeric(18, 4),
	"grade_rule" varchar(120),
	"graded" jsonb
);
--> statement-breakpoint
CREATE TABLE "plm_node_following" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(40),
	"po_id" uuid,
	"order_ref" varchar(60),
	"config_id" uuid,
	"basis_date" date,
	"late_nodes" integer
);
--> statement-breakpoint
CREATE TABLE "plm_node_following_nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"node_code" varchar(20),
	"node_name" varchar(60),
	"owner_role" varchar(40),
	"owner_id" uuid,
	"depends_on" varchar(200),
	"planned_date" date,
	"actual_date" date,
	"projected_date" date,
	"state" varchar(255),
	"critical" boolean
);
--> statement-breakpoint
CREATE TABLE "plm_po_tracking" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"po_no" varchar(40),
	"style_id" uuid,
	"customer_id" uuid,
	"qty" numeric(18, 4),
	"unit_price" numeric(18, 4),
	"currency" varchar(255),
	"order_date" date,
	"delivery_date" date,
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "plm_season" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"name" varchar(100),
	"year" integer,
	"start_date" date,
	"end_date" date,
	"target_styles" integer,
	"target_revenue" numeric(18, 4),
	"description" text
);
--> statement-breakpoint
CREATE TABLE "plm_season_range_plan" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"category" varchar(50),
	"price_band" varchar(255),
	"target_styles" integer,
	"target_qty" numeric(18, 4),
	"target_price" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "plm_size_range" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"name" varchar(100),
	"base_size" varchar(20)
);
--> statement-breakpoint
CREATE TABLE "plm_size_range_sizes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"size_code" varchar(20)
);
--> statement-breakpoint
CREATE TABLE "plm_style" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"name" varchar(100),
	"season_id" uuid,
	"category" varchar(50),
	"size_range_id" uuid,
	"image" varchar(1024),
	"image_back" varchar(1024),
	"target_price" numeric(18, 4),
	"description" text,
	"fibre_1" varchar(255),
	"percent_1" numeric(18, 2),
	"fibre_2" varchar(255),
	"percent_2" numeric(18, 2),
	"fibre_3" varchar(255),
	"percent_3" numeric(18, 2),
	"fibre_4" varchar(255),
	"percent_4" numeric(18, 2),
	"fibre_5" varchar(255),
	"percent_5" numeric(18, 2),
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "plm_style_colourways" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"colour_id" uuid,
	"remark" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "plm_trend" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" varchar(100),
	"season_id" uuid,
	"image" varchar(1024),
	"tags" varchar(200),
	"source" varchar(200),
	"description" text
);
--> statement-breakpoint
ALTER TABLE "plm_quote" ADD CONSTRAINT "plm_quote_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_sample" ADD CONSTRAINT "plm_sample_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_sample_point" ADD CONSTRAINT "plm_sample_point_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_sample_point" ADD CONSTRAINT "plm_sample_point_sample_id_plm_sample_id_fk" FOREIGN KEY ("sample_id") REFERENCES "public"."plm_sample"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_bom" ADD CONSTRAINT "plm_bom_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_bom_lines" ADD CONSTRAINT "plm_bom_lines_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_bom_lines" ADD CONSTRAINT "plm_bom_lines_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."plm_bom"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_bom_tiers" ADD CONSTRAINT "plm_bom_tiers_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_bom_tiers" ADD CONSTRAINT "plm_bom_tiers_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."plm_bom"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_colour" ADD CONSTRAINT "plm_colour_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_follow_node_config" ADD CONSTRAINT "plm_follow_node_config_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_follow_node_config_nodes" ADD CONSTRAINT "plm_follow_node_config_nodes_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_follow_node_config_nodes" ADD CONSTRAINT "plm_follow_node_config_nodes_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."plm_follow_node_config"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_measurement_chart" ADD CONSTRAINT "plm_measurement_chart_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_measurement_chart_points" ADD CONSTRAINT "plm_measurement_chart_points_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_measurement_chart_points" ADD CONSTRAINT "plm_measurement_chart_points_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."plm_measurement_chart"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_node_following" ADD CONSTRAINT "plm_node_following_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_node_following_nodes" ADD CONSTRAINT "plm_node_following_nodes_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_node_following_nodes" ADD CONSTRAINT "plm_node_following_nodes_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."plm_node_following"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_po_tracking" ADD CONSTRAINT "plm_po_tracking_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_season" ADD CONSTRAINT "plm_season_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_season_range_plan" ADD CONSTRAINT "plm_season_range_plan_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_season_range_plan" ADD CONSTRAINT "plm_season_range_plan_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."plm_season"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_size_range" ADD CONSTRAINT "plm_size_range_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_size_range_sizes" ADD CONSTRAINT "plm_size_range_sizes_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_size_range_sizes" ADD CONSTRAINT "plm_size_range_sizes_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."plm_size_range"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_style" ADD CONSTRAINT "plm_style_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_style_colourways" ADD CONSTRAINT "plm_style_colourways_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_style_colourways" ADD CONSTRAINT "plm_style_colourways_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."plm_style"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plm_trend" ADD CONSTRAINT "plm_trend_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plm_quote_client_idx" ON "plm_quote" USING btree ("client_id","style_id");--> statement-breakpoint
CREATE INDEX "plm_quote_supplier_idx" ON "plm_quote" USING btree ("supplier_client_id","updated_at");--> statement-breakpoint
CREATE INDEX "plm_sample_client_idx" ON "plm_sample" USING btree ("client_id","updated_at");--> statement-breakpoint
CREATE INDEX "plm_sample_supplier_idx" ON "plm_sample" USING btree ("supplier_client_id","updated_at");--> statement-breakpoint
CREATE INDEX "plm_sample_point_sample_idx" ON "plm_sample_point" USING btree ("sample_id","seq");--> statement-breakpoint
CREATE INDEX "plm_sample_point_client_idx" ON "plm_sample_point" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "plm_sample_point_supplier_idx" ON "plm_sample_point" USING btree ("supplier_client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plm_bom_code_uq" ON "plm_bom" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "plm_bom_code_idx" ON "plm_bom" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_bom_style_id_idx" ON "plm_bom" USING btree ("client_id","style_id");--> statement-breakpoint
CREATE INDEX "plm_bom_status_idx" ON "plm_bom" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_bom_code_sort_idx" ON "plm_bom" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "plm_bom_created_at_sort_idx" ON "plm_bom" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "plm_bom_updated_at_sort_idx" ON "plm_bom" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "plm_bom_status_sort_idx" ON "plm_bom" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "plm_bom_lines_parent_idx" ON "plm_bom_lines" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "plm_bom_lines_material_id_idx" ON "plm_bom_lines" USING btree ("client_id","material_id");--> statement-breakpoint
CREATE INDEX "plm_bom_lines_colour_id_idx" ON "plm_bom_lines" USING btree ("client_id","colour_id");--> statement-breakpoint
CREATE INDEX "plm_bom_tiers_parent_idx" ON "plm_bom_tiers" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "plm_bom_tiers_material_id_idx" ON "plm_bom_tiers" USING btree ("client_id","material_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plm_colour_code_uq" ON "plm_colour" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "plm_colour_code_idx" ON "plm_colour" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_colour_name_en_idx" ON "plm_colour" USING btree ("client_id","name_en" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_colour_name_zh_idx" ON "plm_colour" USING btree ("client_id","name_zh" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_colour_reference_idx" ON "plm_colour" USING btree ("client_id","reference" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_colour_code_sort_idx" ON "plm_colour" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "plm_colour_created_at_sort_idx" ON "plm_colour" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "plm_colour_updated_at_sort_idx" ON "plm_colour" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "plm_follow_node_config_code_uq" ON "plm_follow_node_config" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "plm_follow_node_config_code_idx" ON "plm_follow_node_config" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_follow_node_config_name_idx" ON "plm_follow_node_config" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_follow_node_config_code_sort_idx" ON "plm_follow_node_config" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "plm_follow_node_config_created_at_sort_idx" ON "plm_follow_node_config" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "plm_follow_node_config_updated_at_sort_idx" ON "plm_follow_node_config" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "plm_follow_node_config_nodes_parent_idx" ON "plm_follow_node_config_nodes" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "plm_measurement_chart_code_uq" ON "plm_measurement_chart" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "plm_measurement_chart_code_idx" ON "plm_measurement_chart" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_measurement_chart_style_id_idx" ON "plm_measurement_chart" USING btree ("client_id","style_id");--> statement-breakpoint
CREATE INDEX "plm_measurement_chart_is_template_idx" ON "plm_measurement_chart" USING btree ("client_id","is_template");--> statement-breakpoint
CREATE INDEX "plm_measurement_chart_size_range_id_idx" ON "plm_measurement_chart" USING btree ("client_id","size_range_id");--> statement-breakpoint
CREATE INDEX "plm_measurement_chart_code_sort_idx" ON "plm_measurement_chart" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "plm_measurement_chart_created_at_sort_idx" ON "plm_measurement_chart" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "plm_measurement_chart_updated_at_sort_idx" ON "plm_measurement_chart" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "plm_measurement_chart_points_parent_idx" ON "plm_measurement_chart_points" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "plm_node_following_code_uq" ON "plm_node_following" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "plm_node_following_code_idx" ON "plm_node_following" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_node_following_po_id_idx" ON "plm_node_following" USING btree ("client_id","po_id");--> statement-breakpoint
CREATE INDEX "plm_node_following_order_ref_idx" ON "plm_node_following" USING btree ("client_id","order_ref" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_node_following_config_id_idx" ON "plm_node_following" USING btree ("client_id","config_id");--> statement-breakpoint
CREATE INDEX "plm_node_following_code_sort_idx" ON "plm_node_following" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "plm_node_following_created_at_sort_idx" ON "plm_node_following" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "plm_node_following_updated_at_sort_idx" ON "plm_node_following" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "plm_node_following_nodes_parent_idx" ON "plm_node_following_nodes" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "plm_node_following_nodes_owner_id_idx" ON "plm_node_following_nodes" USING btree ("client_id","owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "plm_po_tracking_po_no_uq" ON "plm_po_tracking" USING btree ("client_id","po_no");--> statement-breakpoint
CREATE INDEX "plm_po_tracking_po_no_idx" ON "plm_po_tracking" USING btree ("client_id","po_no" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_po_tracking_style_id_idx" ON "plm_po_tracking" USING btree ("client_id","style_id");--> statement-breakpoint
CREATE INDEX "plm_po_tracking_status_idx" ON "plm_po_tracking" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_po_tracking_customer_id_idx" ON "plm_po_tracking" USING btree ("client_id","customer_id");--> statement-breakpoint
CREATE INDEX "plm_po_tracking_po_no_sort_idx" ON "plm_po_tracking" USING btree ("client_id","po_no","id");--> statement-breakpoint
CREATE INDEX "plm_po_tracking_created_at_sort_idx" ON "plm_po_tracking" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "plm_po_tracking_updated_at_sort_idx" ON "plm_po_tracking" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "plm_po_tracking_status_sort_idx" ON "plm_po_tracking" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "plm_season_code_uq" ON "plm_season" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "plm_season_code_idx" ON "plm_season" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_season_name_idx" ON "plm_season" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_season_year_idx" ON "plm_season" USING btree ("client_id","year");--> statement-breakpoint
CREATE INDEX "plm_season_code_sort_idx" ON "plm_season" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "plm_season_created_at_sort_idx" ON "plm_season" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "plm_season_updated_at_sort_idx" ON "plm_season" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "plm_season_range_plan_parent_idx" ON "plm_season_range_plan" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "plm_size_range_code_uq" ON "plm_size_range" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "plm_size_range_code_idx" ON "plm_size_range" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_size_range_name_idx" ON "plm_size_range" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_size_range_code_sort_idx" ON "plm_size_range" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "plm_size_range_created_at_sort_idx" ON "plm_size_range" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "plm_size_range_updated_at_sort_idx" ON "plm_size_range" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "plm_size_range_sizes_parent_idx" ON "plm_size_range_sizes" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "plm_style_code_uq" ON "plm_style" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "plm_style_code_idx" ON "plm_style" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_style_name_idx" ON "plm_style" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_style_season_id_idx" ON "plm_style" USING btree ("client_id","season_id");--> statement-breakpoint
CREATE INDEX "plm_style_category_idx" ON "plm_style" USING btree ("client_id","category" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_style_status_idx" ON "plm_style" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_style_size_range_id_idx" ON "plm_style" USING btree ("client_id","size_range_id");--> statement-breakpoint
CREATE INDEX "plm_style_code_sort_idx" ON "plm_style" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "plm_style_created_at_sort_idx" ON "plm_style" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "plm_style_updated_at_sort_idx" ON "plm_style" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "plm_style_status_sort_idx" ON "plm_style" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "plm_style_colourways_parent_idx" ON "plm_style_colourways" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "plm_style_colourways_colour_id_idx" ON "plm_style_colourways" USING btree ("client_id","colour_id");--> statement-breakpoint
CREATE INDEX "plm_trend_title_idx" ON "plm_trend" USING btree ("client_id","title" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_trend_tags_idx" ON "plm_trend" USING btree ("client_id","tags" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "plm_trend_season_id_idx" ON "plm_trend" USING btree ("client_id","season_id");--> statement-breakpoint
CREATE INDEX "plm_trend_title_sort_idx" ON "plm_trend" USING btree ("client_id","title","id");--> statement-breakpoint
CREATE INDEX "plm_trend_created_at_sort_idx" ON "plm_trend" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "plm_trend_updated_at_sort_idx" ON "plm_trend" USING btree ("client_id","updated_at","id");