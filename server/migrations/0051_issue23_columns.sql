ALTER TABLE "ord_material_order" ADD COLUMN "confirmed_date" date;--> statement-breakpoint
ALTER TABLE "ord_material_order" ADD COLUMN "reject_reason" text;--> statement-breakpoint
ALTER TABLE "ord_material_order" ADD COLUMN "vendor_client_id" varchar(36);--> statement-breakpoint
ALTER TABLE "ord_material_order" ADD COLUMN "sender_name" varchar(200);--> statement-breakpoint
ALTER TABLE "cap_vendor_setting" ADD COLUMN "applies" boolean;--> statement-breakpoint
ALTER TABLE "plm_bom" ADD COLUMN "revision" integer;--> statement-breakpoint
ALTER TABLE "plm_bom" ADD COLUMN "revised_from_id" uuid;--> statement-breakpoint
CREATE INDEX "cap_vendor_setting_applies_idx" ON "cap_vendor_setting" USING btree ("client_id","applies");--> statement-breakpoint
CREATE INDEX "plm_bom_revised_from_id_idx" ON "plm_bom" USING btree ("client_id","revised_from_id");