CREATE TABLE "esign_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"entity" text NOT NULL,
	"record_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"requested_by" uuid NOT NULL,
	"flow_instance_id" uuid,
	"node_seq" integer,
	"node_name" text,
	"signer_id" uuid,
	"signer_name" text,
	"signed_at" timestamp with time zone,
	"signer_ip" text,
	"doc_hash" text,
	"image" text
);
--> statement-breakpoint
ALTER TABLE "esign_request" ADD CONSTRAINT "esign_request_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "esign_request_token_uq" ON "esign_request" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "esign_request_doc_idx" ON "esign_request" USING btree ("client_id","entity","record_id");--> statement-breakpoint
CREATE INDEX "esign_request_list_idx" ON "esign_request" USING btree ("client_id","created_at");