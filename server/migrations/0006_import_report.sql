CREATE TABLE "import_report" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"file_name" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_count" integer NOT NULL,
	"error_rows" integer NOT NULL,
	"xlsx" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "import_report" ADD CONSTRAINT "import_report_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_report_created_idx" ON "import_report" USING btree ("client_id","created_at");