CREATE INDEX "qc_inspection_status_inspection_date_sort_idx" ON "qc_inspection" USING btree ("client_id","status","inspection_date","id");--> statement-breakpoint
CREATE INDEX "qc_inspection_status_created_at_sort_idx" ON "qc_inspection" USING btree ("client_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "qc_inspection_status_updated_at_sort_idx" ON "qc_inspection" USING btree ("client_id","status","updated_at","id");--> statement-breakpoint
CREATE INDEX "qc_inspection_status_code_sort_idx" ON "qc_inspection" USING btree ("client_id","status","code","id");