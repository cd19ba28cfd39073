DROP INDEX "cap_vendor_setting_vendor_id_uq";--> statement-breakpoint
CREATE INDEX "cap_vendor_setting_vendor_id_idx" ON "cap_vendor_setting" USING btree ("client_id","vendor_id");