CREATE TABLE "fin_debit_note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"supplier_client_id" uuid NOT NULL,
	"code" text NOT NULL,
	"ticket_id" uuid,
	"ticket_code" text,
	"note_date" date NOT NULL,
	"amount" numeric(18, 4) NOT NULL,
	"ratio" numeric(18, 4),
	"currency" text NOT NULL,
	"deduction_type" text,
	"voucher" text,
	"reason" text,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"dispute_reason" text,
	"invoice_id" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_invoice" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"buyer_client_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"code" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"currency" text NOT NULL,
	"bill_on" text NOT NULL,
	"tax_rate" numeric(18, 4) DEFAULT '0' NOT NULL,
	"subtotal" numeric(18, 4) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(18, 4) DEFAULT '0' NOT NULL,
	"total" numeric(18, 4) DEFAULT '0' NOT NULL,
	"paid_amount" numeric(18, 4) DEFAULT '0' NOT NULL,
	"set_off_amount" numeric(18, 4) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"reject_reason" text,
	"remark" text,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_invoice_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"shipment_line_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_code" text NOT NULL,
	"style_code" text NOT NULL,
	"colour" text NOT NULL,
	"size" text NOT NULL,
	"qty" numeric(18, 4) NOT NULL,
	"price" numeric(18, 4) NOT NULL,
	"amount" numeric(18, 4) NOT NULL,
	"order_price" numeric(18, 4),
	"received_qty" numeric(18, 4),
	"match_status" text,
	"held_reason_en" text,
	"held_reason_zh" text
);
--> statement-breakpoint
CREATE TABLE "fin_payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"supplier_client_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount" numeric(18, 4) NOT NULL,
	"currency" text NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fin_setting" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"supplier_client_id" uuid,
	"bill_on" text DEFAULT 'received' NOT NULL,
	"price_pct" numeric(18, 4) DEFAULT '0' NOT NULL,
	"qty_pct" numeric(18, 4) DEFAULT '0' NOT NULL,
	"tax_rate" numeric(18, 4) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fin_setting_uq" UNIQUE NULLS NOT DISTINCT("client_id","supplier_client_id")
);
--> statement-breakpoint
ALTER TABLE "fin_debit_note" ADD CONSTRAINT "fin_debit_note_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_invoice" ADD CONSTRAINT "fin_invoice_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_invoice_line" ADD CONSTRAINT "fin_invoice_line_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_invoice_line" ADD CONSTRAINT "fin_invoice_line_invoice_id_fin_invoice_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."fin_invoice"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_payment" ADD CONSTRAINT "fin_payment_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fin_setting" ADD CONSTRAINT "fin_setting_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fin_debit_note_ticket_uq" ON "fin_debit_note" USING btree ("ticket_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_debit_note_code_uq" ON "fin_debit_note" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "fin_debit_note_supplier_idx" ON "fin_debit_note" USING btree ("supplier_client_id","note_date");--> statement-breakpoint
CREATE UNIQUE INDEX "fin_invoice_code_uq" ON "fin_invoice" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "fin_invoice_buyer_idx" ON "fin_invoice" USING btree ("buyer_client_id","status","created_at");--> statement-breakpoint
CREATE INDEX "fin_invoice_client_idx" ON "fin_invoice" USING btree ("client_id","status","created_at");--> statement-breakpoint
CREATE INDEX "fin_invoice_shipment_idx" ON "fin_invoice" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "fin_invoice_line_invoice_idx" ON "fin_invoice_line" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "fin_invoice_line_shipment_line_idx" ON "fin_invoice_line" USING btree ("shipment_line_id");--> statement-breakpoint
CREATE INDEX "fin_payment_invoice_idx" ON "fin_payment" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "fin_payment_supplier_idx" ON "fin_payment" USING btree ("supplier_client_id","paid_on");