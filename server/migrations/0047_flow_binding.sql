CREATE TABLE "cpm_flow_binding" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entity" varchar(255),
	"process_id" uuid,
	"comment" text
);
--> statement-breakpoint
ALTER TABLE "cpm_process" ADD COLUMN "active" boolean;--> statement-breakpoint
ALTER TABLE "cpm_flow_binding" ADD CONSTRAINT "cpm_flow_binding_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cpm_flow_binding_entity_uq" ON "cpm_flow_binding" USING btree ("client_id","entity");--> statement-breakpoint
CREATE INDEX "cpm_flow_binding_entity_idx" ON "cpm_flow_binding" USING btree ("client_id","entity" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cpm_flow_binding_process_id_idx" ON "cpm_flow_binding" USING btree ("client_id","process_id");--> statement-breakpoint
CREATE INDEX "cpm_flow_binding_entity_sort_idx" ON "cpm_flow_binding" USING btree ("client_id","entity","id");--> statement-breakpoint
CREATE INDEX "cpm_flow_binding_created_at_sort_idx" ON "cpm_flow_binding" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "cpm_flow_binding_updated_at_sort_idx" ON "cpm_flow_binding" USING btree ("client_id","updated_at","id");