CREATE TABLE "fin_credit_note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"supplier_client_id" uuid NOT NULL,
	"buyer_client_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"code" text NOT NULL,
	"note_date" date NOT NULL,
	"amount" numeric(18, 4) NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"dispute_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fin_invoice" ADD COLUMN "credit_amount" numeric(18, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "fin_credit_note" ADD CONSTRAINT "fin_credit_note_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_credit_note_code_uq" ON "fin_credit_note" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "fin_credit_note_invoice_idx" ON "fin_credit_note" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "fin_credit_note_parties_idx" ON "fin_credit_note" USING btree ("supplier_client_id","buyer_client_id","note_date");