CREATE TABLE "shp_receipt" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"supplier_client_id" uuid NOT NULL,
	"stock_receipt_id" uuid NOT NULL,
	"doc_no" text NOT NULL,
	"received_by" uuid,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shp_receipt_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"receipt_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"supplier_client_id" uuid NOT NULL,
	"carton_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"bin_id" uuid NOT NULL,
	"shipped_qty" numeric(18, 4) NOT NULL,
	"received_qty" numeric(18, 4) NOT NULL,
	"damaged_qty" numeric(18, 4) DEFAULT '0' NOT NULL,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "shp_setting" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"gs1_prefix" text,
	"next_serial" bigint DEFAULT 1 NOT NULL,
	"over_ship_pct" numeric(18, 4) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shp_shipment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(40),
	"buyer_name" varchar(200),
	"buyer_client_id" varchar(36),
	"carrier" varchar(100),
	"tracking_ref" varchar(100),
	"planned_ship_date" date,
	"actual_ship_date" date,
	"gross_weight" numeric(18, 4),
	"net_weight" numeric(18, 4),
	"volume" numeric(18, 4),
	"total_qty" numeric(18, 4),
	"received_qty" numeric(18, 4),
	"remark" text,
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "shp_shipment_cartons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"carton_no" integer,
	"sscc" varchar(18),
	"gross_weight" numeric(18, 4),
	"net_weight" numeric(18, 4),
	"volume" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "shp_shipment_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"carton_no" integer,
	"order_id" uuid,
	"style_code" varchar(64),
	"colour" varchar(64),
	"size" varchar(32),
	"qty" numeric(18, 4)
);
--> statement-breakpoint
ALTER TABLE "shp_receipt" ADD CONSTRAINT "shp_receipt_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shp_receipt_line" ADD CONSTRAINT "shp_receipt_line_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shp_setting" ADD CONSTRAINT "shp_setting_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shp_shipment" ADD CONSTRAINT "shp_shipment_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shp_shipment_cartons" ADD CONSTRAINT "shp_shipment_cartons_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shp_shipment_cartons" ADD CONSTRAINT "shp_shipment_cartons_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."shp_shipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shp_shipment_lines" ADD CONSTRAINT "shp_shipment_lines_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shp_shipment_lines" ADD CONSTRAINT "shp_shipment_lines_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."shp_shipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shp_receipt_shipment_idx" ON "shp_receipt" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shp_receipt_supplier_idx" ON "shp_receipt" USING btree ("supplier_client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shp_receipt_line_line_uq" ON "shp_receipt_line" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "shp_receipt_line_shipment_idx" ON "shp_receipt_line" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shp_setting_client_uq" ON "shp_setting" USING btree ("client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shp_shipment_code_uq" ON "shp_shipment" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "shp_shipment_code_idx" ON "shp_shipment" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "shp_shipment_status_idx" ON "shp_shipment" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "shp_shipment_carrier_idx" ON "shp_shipment" USING btree ("client_id","carrier" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "shp_shipment_planned_ship_date_idx" ON "shp_shipment" USING btree ("client_id","planned_ship_date");--> statement-breakpoint
CREATE INDEX "shp_shipment_created_at_sort_idx" ON "shp_shipment" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "shp_shipment_updated_at_sort_idx" ON "shp_shipment" USING btree ("client_id","updated_at","id");--> statement-breakpoint
CREATE INDEX "shp_shipment_code_sort_idx" ON "shp_shipment" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "shp_shipment_status_sort_idx" ON "shp_shipment" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "shp_shipment_cartons_parent_idx" ON "shp_shipment_cartons" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "shp_shipment_lines_parent_idx" ON "shp_shipment_lines" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "shp_shipment_lines_order_id_idx" ON "shp_shipment_lines" USING btree ("client_id","order_id");