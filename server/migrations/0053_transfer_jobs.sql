CREATE TABLE "transfer_job" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"entity" text NOT NULL,
	"lang" text NOT NULL,
	"params" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"done_rows" integer DEFAULT 0 NOT NULL,
	"total_rows" integer,
	"result" jsonb,
	"file_name" text
);
--> statement-breakpoint
CREATE TABLE "transfer_queue" (
	"id" uuid PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retries" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "transfer_job" ADD CONSTRAINT "transfer_job_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_job_list_idx" ON "transfer_job" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "transfer_queue_due_idx" ON "transfer_queue" USING btree ("run_at");