CREATE TABLE "md_company" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"name" varchar(200),
	"type" varchar(255),
	"industry" varchar(255),
	"license_type" varchar(255),
	"scale" varchar(255),
	"logo" varchar(1024),
	"tax_number" varchar(30),
	"registration_number" varchar(30),
	"country" varchar(255),
	"state" varchar(50),
	"city" varchar(50),
	"district" varchar(50),
	"detail" varchar(200),
	"zip" varchar(10),
	"contact_person" varchar(50),
	"contact_phone" varchar(30),
	"contact_mobile" varchar(11),
	"contact_email" varchar(100),
	"currency" varchar(255),
	"language" varchar(255),
	"card_version" integer,
	"card_visibility" varchar(255),
	"card_status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "md_customer" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"name" varchar(200),
	"description" text,
	"level" varchar(255),
	"type" varchar(255),
	"category" varchar(255),
	"company_type" varchar(255),
	"industry" varchar(255),
	"scale" varchar(255),
	"unified_credit_code" varchar(18),
	"old_tax_number" varchar(30),
	"new_tax_number" varchar(30),
	"payment_terms" varchar(255),
	"settlement_currency" varchar(255),
	"legal_person" varchar(50),
	"registered_capital" numeric(18, 4),
	"registered_date" date,
	"logo" varchar(1024),
	"print_language" varchar(255),
	"status" varchar(255),
	"termination_reason" text,
	"bank_type" varchar(255),
	"bank_name" varchar(100),
	"bank_branch_code" varchar(20),
	"bank_account" varchar(40)
);
--> statement-breakpoint
CREATE TABLE "md_customer_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"person" varchar(50),
	"title" varchar(50),
	"mobile" varchar(11),
	"phone" varchar(30),
	"email" varchar(100),
	"is_primary" boolean
);
--> statement-breakpoint
CREATE TABLE "md_customer_delivery" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"person" varchar(50),
	"mobile" varchar(11),
	"address" varchar(200),
	"warehouse_code" varchar(32),
	"warehouse_name" varchar(100),
	"pickup_mode" varchar(255),
	"default_plate" varchar(20),
	"is_primary" boolean,
	"note" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "md_dictionary" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"type_code" varchar(32),
	"name" varchar(100),
	"name_en" varchar(100),
	"description" text,
	"category" varchar(255),
	"sort_no" integer
);
--> statement-breakpoint
CREATE TABLE "md_material" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"name" varchar(200),
	"description" text,
	"unit" varchar(255),
	"dos_min" numeric(18, 4),
	"dos_max" numeric(18, 4),
	"dos_target" numeric(18, 4),
	"groups" text[],
	"type" varchar(255),
	"vendor_id" uuid,
	"customer_id" uuid,
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "md_material_prices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"price" numeric(18, 4),
	"currency" varchar(255),
	"valid_from" date,
	"valid_to" date
);
--> statement-breakpoint
CREATE TABLE "md_material_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"vendor_id" uuid,
	"share_percent" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "md_org" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"name" varchar(100),
	"description" text,
	"parent_id" uuid
);
--> statement-breakpoint
CREATE TABLE "md_plant" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"name" varchar(100),
	"description" text,
	"company_id" uuid,
	"country" varchar(255),
	"state" varchar(50),
	"city" varchar(50),
	"district" varchar(50),
	"detail" varchar(200),
	"zip" varchar(10),
	"contact_person" varchar(50),
	"contact_phone" varchar(30),
	"contact_mobile" varchar(11)
);
--> statement-breakpoint
CREATE TABLE "md_position" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"name" varchar(100),
	"description" text,
	"org_id" uuid,
	"user_id" uuid,
	"work_percent" numeric(18, 4),
	"is_manager" boolean
);
--> statement-breakpoint
CREATE TABLE "md_process" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"process_code" varchar(32),
	"name" varchar(100),
	"sequence" integer,
	"parent_id" uuid,
	"plant_id" uuid,
	"wait_types" text[],
	"is_outsource" boolean,
	"is_merge_count" boolean,
	"scan_flags" text[],
	"estimate_rate" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "md_production_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"name" varchar(100),
	"workshop_id" uuid,
	"description" text,
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "md_production_line_capacity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"morning_hours" numeric(18, 4),
	"afternoon_hours" numeric(18, 4),
	"capacity_type" varchar(255),
	"allowed_processes" varchar(500)
);
--> statement-breakpoint
CREATE TABLE "md_production_line_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"member_name" varchar(50),
	"employee_no" varchar(32),
	"user_id" uuid,
	"title" varchar(255),
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "md_service" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"module" varchar(50),
	"function_area" varchar(50),
	"subarea" varchar(50),
	"field" varchar(50),
	"title" varchar(100),
	"description" text,
	"http_type" varchar(255),
	"service_version" varchar(20),
	"url" varchar(500),
	"config" jsonb
);
--> statement-breakpoint
CREATE TABLE "md_vendor" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"short_name" varchar(50),
	"full_name" varchar(200),
	"type" varchar(255),
	"grade" varchar(255),
	"scale" varchar(255),
	"category" varchar(255),
	"business_scope" text,
	"owner_id" uuid,
	"tin" varchar(30),
	"valid_from" date,
	"valid_to" date,
	"status" varchar(255),
	"supplier_client_id" varchar(36),
	"platform_link" varchar(255),
	"payment_terms" varchar(255),
	"currency" varchar(255),
	"bank_type" varchar(255),
	"bank_name" varchar(100),
	"bank_branch_code" varchar(20),
	"bank_account" varchar(40)
);
--> statement-breakpoint
CREATE TABLE "md_vendor_addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"country" varchar(255),
	"state" varchar(50),
	"city" varchar(50),
	"district" varchar(50),
	"detail" varchar(200),
	"zip" varchar(10)
);
--> statement-breakpoint
CREATE TABLE "md_vendor_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"person" varchar(50),
	"title" varchar(50),
	"email" varchar(100),
	"phone" varchar(30),
	"fax" varchar(30),
	"mobile" varchar(11),
	"is_primary" boolean,
	"bound_user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "md_workshop" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"name" varchar(100),
	"plant_id" uuid,
	"description" text,
	"status" varchar(255)
);
--> statement-breakpoint
ALTER TABLE "md_company" ADD CONSTRAINT "md_company_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_customer" ADD CONSTRAINT "md_customer_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_customer_contacts" ADD CONSTRAINT "md_customer_contacts_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_customer_contacts" ADD CONSTRAINT "md_customer_contacts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."md_customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_customer_delivery" ADD CONSTRAINT "md_customer_delivery_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_customer_delivery" ADD CONSTRAINT "md_customer_delivery_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."md_customer"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_dictionary" ADD CONSTRAINT "md_dictionary_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_material" ADD CONSTRAINT "md_material_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_material_prices" ADD CONSTRAINT "md_material_prices_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_material_prices" ADD CONSTRAINT "md_material_prices_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."md_material"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_material_shares" ADD CONSTRAINT "md_material_shares_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_material_shares" ADD CONSTRAINT "md_material_shares_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."md_material"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_org" ADD CONSTRAINT "md_org_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_plant" ADD CONSTRAINT "md_plant_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_position" ADD CONSTRAINT "md_position_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_process" ADD CONSTRAINT "md_process_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_production_line" ADD CONSTRAINT "md_production_line_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_production_line_capacity" ADD CONSTRAINT "md_production_line_capacity_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_production_line_capacity" ADD CONSTRAINT "md_production_line_capacity_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."md_production_line"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_production_line_members" ADD CONSTRAINT "md_production_line_members_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_production_line_members" ADD CONSTRAINT "md_production_line_members_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."md_production_line"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_service" ADD CONSTRAINT "md_service_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_vendor" ADD CONSTRAINT "md_vendor_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_vendor_addresses" ADD CONSTRAINT "md_vendor_addresses_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_vendor_addresses" ADD CONSTRAINT "md_vendor_addresses_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."md_vendor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_vendor_contacts" ADD CONSTRAINT "md_vendor_contacts_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_vendor_contacts" ADD CONSTRAINT "md_vendor_contacts_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."md_vendor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "md_workshop" ADD CONSTRAINT "md_workshop_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "md_company_code_uq" ON "md_company" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "md_company_code_idx" ON "md_company" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_company_name_idx" ON "md_company" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_company_type_idx" ON "md_company" USING btree ("client_id","type" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_company_card_visibility_idx" ON "md_company" USING btree ("client_id","card_visibility" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_company_card_status_idx" ON "md_company" USING btree ("client_id","card_status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_company_code_sort_idx" ON "md_company" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE UNIQUE INDEX "md_customer_code_uq" ON "md_customer" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "md_customer_code_idx" ON "md_customer" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_customer_name_idx" ON "md_customer" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_customer_level_idx" ON "md_customer" USING btree ("client_id","level" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_customer_type_idx" ON "md_customer" USING btree ("client_id","type" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_customer_category_idx" ON "md_customer" USING btree ("client_id","category" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_customer_status_idx" ON "md_customer" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_customer_code_sort_idx" ON "md_customer" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "md_customer_contacts_parent_idx" ON "md_customer_contacts" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "md_customer_delivery_parent_idx" ON "md_customer_delivery" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "md_dictionary_type_code_idx" ON "md_dictionary" USING btree ("client_id","type_code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_dictionary_code_idx" ON "md_dictionary" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_dictionary_name_idx" ON "md_dictionary" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_dictionary_category_idx" ON "md_dictionary" USING btree ("client_id","category" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_dictionary_type_code_sort_idx" ON "md_dictionary" USING btree ("client_id","type_code","id");--> statement-breakpoint
CREATE UNIQUE INDEX "md_material_code_uq" ON "md_material" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "md_material_code_idx" ON "md_material" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_material_name_idx" ON "md_material" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_material_type_idx" ON "md_material" USING btree ("client_id","type" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_material_groups_idx" ON "md_material" USING btree ("client_id","groups");--> statement-breakpoint
CREATE INDEX "md_material_vendor_id_idx" ON "md_material" USING btree ("client_id","vendor_id");--> statement-breakpoint
CREATE INDEX "md_material_status_idx" ON "md_material" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_material_customer_id_idx" ON "md_material" USING btree ("client_id","customer_id");--> statement-breakpoint
CREATE INDEX "md_material_code_sort_idx" ON "md_material" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "md_material_prices_parent_idx" ON "md_material_prices" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "md_material_shares_parent_idx" ON "md_material_shares" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "md_material_shares_vendor_id_idx" ON "md_material_shares" USING btree ("client_id","vendor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "md_org_code_uq" ON "md_org" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "md_org_code_idx" ON "md_org" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_org_name_idx" ON "md_org" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_org_parent_id_idx" ON "md_org" USING btree ("client_id","parent_id");--> statement-breakpoint
CREATE INDEX "md_org_code_sort_idx" ON "md_org" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE UNIQUE INDEX "md_plant_code_uq" ON "md_plant" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "md_plant_code_idx" ON "md_plant" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_plant_name_idx" ON "md_plant" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_plant_company_id_idx" ON "md_plant" USING btree ("client_id","company_id");--> statement-breakpoint
CREATE INDEX "md_plant_city_idx" ON "md_plant" USING btree ("client_id","city" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_plant_code_sort_idx" ON "md_plant" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE UNIQUE INDEX "md_position_code_uq" ON "md_position" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "md_position_code_idx" ON "md_position" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_position_name_idx" ON "md_position" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_position_org_id_idx" ON "md_position" USING btree ("client_id","org_id");--> statement-breakpoint
CREATE INDEX "md_position_user_id_idx" ON "md_position" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE INDEX "md_position_is_manager_idx" ON "md_position" USING btree ("client_id","is_manager");--> statement-breakpoint
CREATE INDEX "md_position_code_sort_idx" ON "md_position" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE UNIQUE INDEX "md_process_process_code_uq" ON "md_process" USING btree ("client_id","process_code");--> statement-breakpoint
CREATE INDEX "md_process_process_code_idx" ON "md_process" USING btree ("client_id","process_code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_process_name_idx" ON "md_process" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_process_parent_id_idx" ON "md_process" USING btree ("client_id","parent_id");--> statement-breakpoint
CREATE INDEX "md_process_plant_id_idx" ON "md_process" USING btree ("client_id","plant_id");--> statement-breakpoint
CREATE INDEX "md_process_is_outsource_idx" ON "md_process" USING btree ("client_id","is_outsource");--> statement-breakpoint
CREATE INDEX "md_process_sequence_sort_idx" ON "md_process" USING btree ("client_id","sequence","id");--> statement-breakpoint
CREATE UNIQUE INDEX "md_production_line_code_uq" ON "md_production_line" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "md_production_line_code_idx" ON "md_production_line" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_production_line_name_idx" ON "md_production_line" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_production_line_workshop_id_idx" ON "md_production_line" USING btree ("client_id","workshop_id");--> statement-breakpoint
CREATE INDEX "md_production_line_status_idx" ON "md_production_line" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_production_line_code_sort_idx" ON "md_production_line" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "md_production_line_capacity_parent_idx" ON "md_production_line_capacity" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "md_production_line_members_parent_idx" ON "md_production_line_members" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "md_production_line_members_user_id_idx" ON "md_production_line_members" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE INDEX "md_service_module_idx" ON "md_service" USING btree ("client_id","module" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_service_function_area_idx" ON "md_service" USING btree ("client_id","function_area" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_service_title_idx" ON "md_service" USING btree ("client_id","title" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_service_http_type_idx" ON "md_service" USING btree ("client_id","http_type" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_service_module_sort_idx" ON "md_service" USING btree ("client_id","module","id");--> statement-breakpoint
CREATE UNIQUE INDEX "md_vendor_code_uq" ON "md_vendor" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "md_vendor_code_idx" ON "md_vendor" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_vendor_short_name_idx" ON "md_vendor" USING btree ("client_id","short_name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_vendor_full_name_idx" ON "md_vendor" USING btree ("client_id","full_name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_vendor_category_idx" ON "md_vendor" USING btree ("client_id","category" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_vendor_grade_idx" ON "md_vendor" USING btree ("client_id","grade" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_vendor_status_idx" ON "md_vendor" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_vendor_owner_id_idx" ON "md_vendor" USING btree ("client_id","owner_id");--> statement-breakpoint
CREATE INDEX "md_vendor_code_sort_idx" ON "md_vendor" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "md_vendor_addresses_parent_idx" ON "md_vendor_addresses" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "md_vendor_contacts_parent_idx" ON "md_vendor_contacts" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "md_vendor_contacts_bound_user_id_idx" ON "md_vendor_contacts" USING btree ("client_id","bound_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "md_workshop_code_uq" ON "md_workshop" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "md_workshop_code_idx" ON "md_workshop" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_workshop_name_idx" ON "md_workshop" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_workshop_plant_id_idx" ON "md_workshop" USING btree ("client_id","plant_id");--> statement-breakpoint
CREATE INDEX "md_workshop_status_idx" ON "md_workshop" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "md_workshop_code_sort_idx" ON "md_workshop" USING btree ("client_id","code","id");