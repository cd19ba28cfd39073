CREATE TABLE "ord_allocation_order" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"demand_id" uuid NOT NULL,
	"vendor_id" uuid NOT NULL,
	"supplier_client_id" uuid,
	"version_id" uuid NOT NULL,
	"demand_no" text NOT NULL,
	"style_no" text NOT NULL,
	"vendor_name" text NOT NULL,
	"qty" numeric(18, 4) NOT NULL,
	"delivery_date" date,
	"tracking" text NOT NULL,
	"customer_order_id" uuid,
	"order_code" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plm_follow_node_config" ADD COLUMN "style_id" uuid;--> statement-breakpoint
ALTER TABLE "plm_follow_node_config" ADD COLUMN "season_id" uuid;--> statement-breakpoint
ALTER TABLE "plm_follow_node_config_nodes" ADD COLUMN "event" varchar(255);--> statement-breakpoint
ALTER TABLE "plm_node_following_nodes" ADD COLUMN "event" varchar(255);--> statement-breakpoint
ALTER TABLE "ord_allocation_order" ADD CONSTRAINT "ord_allocation_order_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ord_allocation_order_uq" ON "ord_allocation_order" USING btree ("client_id","demand_id","vendor_id");--> statement-breakpoint
CREATE INDEX "plm_follow_node_config_style_id_idx" ON "plm_follow_node_config" USING btree ("client_id","style_id");--> statement-breakpoint
CREATE INDEX "plm_follow_node_config_season_id_idx" ON "plm_follow_node_config" USING btree ("client_id","season_id");