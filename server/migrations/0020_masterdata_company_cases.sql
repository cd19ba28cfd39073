CREATE TABLE "md_company_cases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"slot" varchar(255),
	"title" varchar(100),
	"image" varchar(1024),
	"description" text
);
--> statement-breakpoint
ALTER TABLE "md_company" ADD COLUMN "licence_image" varchar(1024);--> statement-breakpoint
ALTER TABLE "md_company_cases" ADD CONSTRAINT "md_company_cases_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_company_cases" ADD CONSTRAINT "md_company_cases_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."md_company"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "md_company_cases_parent_idx" ON "md_company_cases" USING btree ("parent_id","seq");