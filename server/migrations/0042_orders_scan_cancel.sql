ALTER TABLE "vf_scan" DROP CONSTRAINT "vf_scan_bundle_process_uq";--> statement-breakpoint
ALTER TABLE "vf_scan" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vf_scan" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "vf_scan_booked_uq" ON "vf_scan" USING btree ("bundle_id","process_id") WHERE "vf_scan"."cancelled_at" is null;