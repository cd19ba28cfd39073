CREATE TABLE "plm_tna_late_alert" (
	"node_id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"planned_date" date NOT NULL,
	"alerted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shp_shipment_lines" ADD COLUMN "material_order_id" varchar(36);--> statement-breakpoint
ALTER TABLE "shp_shipment_lines" ADD COLUMN "unit" varchar(255);--> statement-breakpoint
CREATE INDEX "plm_tna_late_alert_client_idx" ON "plm_tna_late_alert" USING btree ("client_id","plan_id");