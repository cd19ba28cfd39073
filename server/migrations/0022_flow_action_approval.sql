ALTER TABLE "cpm_instance" ADD COLUMN "action" text;--> statement-breakpoint
ALTER TABLE "cpm_instance" ADD COLUMN "payload" jsonb;