CREATE TABLE "cpm_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"seq" integer,
	"status_code" text,
	"user_id" uuid,
	"action" text NOT NULL,
	"comment" text,
	"target_seq" integer,
	"request_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cpm_instance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"process_id" uuid NOT NULL,
	"process_code" text NOT NULL,
	"process_name" text NOT NULL,
	"nodes" jsonb NOT NULL,
	"entity" text NOT NULL,
	"record_id" uuid NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"url" text,
	"status" text NOT NULL,
	"current_seq" integer,
	"node_version" integer DEFAULT 0 NOT NULL,
	"initiator_id" uuid NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"round_version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "cpm_instance_doc_uq" UNIQUE("client_id","entity","record_id")
);
--> statement-breakpoint
CREATE TABLE "cpm_node_user" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cpm_node_user_uq" UNIQUE("instance_id","seq","user_id")
);
--> statement-breakpoint
CREATE TABLE "cpm_task" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"status_code" text NOT NULL,
	"node_version" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"outcome" text DEFAULT 'PENDING' NOT NULL,
	"comment" text,
	"added_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"acted_at" timestamp with time zone,
	CONSTRAINT "cpm_task_visit_user_uq" UNIQUE("instance_id","node_version","user_id")
);
--> statement-breakpoint
CREATE TABLE "cpm_process" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(64),
	"name" varchar(200),
	"comment" text,
	"tag" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "cpm_process_nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"node_seq" integer,
	"status_code" varchar(64),
	"text" varchar(200),
	"color" varchar(32),
	"approve_type" varchar(255),
	"reject_type" varchar(255),
	"steps" jsonb,
	"launch_action" varchar(64),
	"launch_text" varchar(200),
	"is_end" boolean,
	"sign_type" varchar(255),
	"authority" varchar(255),
	"positions" jsonb,
	"roles" jsonb,
	"users" jsonb,
	"pre_rules" jsonb
);
--> statement-breakpoint
CREATE TABLE "cpm_project_type" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(64),
	"name" varchar(200),
	"flow" varchar(64),
	"node_status" varchar(64),
	"comment" text
);
--> statement-breakpoint
CREATE TABLE "scm_purchase_requirement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(64),
	"title" varchar(200),
	"required_date" date,
	"remark" text,
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "scm_purchase_requirement_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"material_id" uuid,
	"qty" numeric(18, 4),
	"price" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "srm_invitation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"project_id" uuid NOT NULL,
	"vendor_id" uuid,
	"supplier_client_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"posted_at" timestamp with time zone,
	CONSTRAINT "srm_invitation_project_supplier_uq" UNIQUE("project_id","supplier_client_id")
);
--> statement-breakpoint
CREATE TABLE "srm_quotation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"brand_client_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"currency" text DEFAULT 'CNY' NOT NULL,
	"valid_until" text,
	"remarks" text,
	"posted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	CONSTRAINT "srm_quotation_project_client_uq" UNIQUE("project_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "srm_quotation_line" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"brand_client_id" uuid NOT NULL,
	"quotation_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"unit_price" numeric(18, 4) NOT NULL,
	"lead_time_days" integer,
	"moq" numeric(18, 4),
	"remarks" text,
	CONSTRAINT "srm_quotation_line_item_uq" UNIQUE("quotation_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "srm_quotation_tier" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"brand_client_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"level" smallint NOT NULL,
	"min_qty" numeric(18, 4) NOT NULL,
	"unit_price" numeric(18, 4) NOT NULL,
	CONSTRAINT "srm_quotation_tier_level_uq" UNIQUE("line_id","level")
);
--> statement-breakpoint
CREATE TABLE "srm_rfi_record" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"brand_client_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"capacity" text,
	"certifications" text,
	"main_customers" text,
	"remarks" text,
	"submitted_at" timestamp with time zone,
	CONSTRAINT "srm_rfi_record_project_client_uq" UNIQUE("project_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "srm_admission_eval" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" varchar(100),
	"vendor_id" uuid,
	"config_id" uuid,
	"result_score" numeric(18, 4),
	"result" varchar(255),
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "srm_admission_eval_scores" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"reviewer_id" uuid,
	"item_code" varchar(32),
	"score" numeric(18, 4),
	"comment" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "srm_eval_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version_no" varchar(32),
	"name" varchar(100),
	"description" text,
	"pass_score" numeric(18, 4),
	"status" varchar(255),
	"activated_at" timestamp
);
--> statement-breakpoint
CREATE TABLE "srm_eval_config_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"item_code" varchar(32),
	"item_name" varchar(100),
	"weight" numeric(18, 4),
	"weight_level" varchar(255),
	"min_score" numeric(18, 4),
	"max_score" numeric(18, 4),
	"is_additional" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "srm_eval_config_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"item_code" varchar(32),
	"option_text" varchar(200),
	"score" numeric(18, 4)
);
--> statement-breakpoint
CREATE TABLE "srm_eval_config_reviewers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"user_id" uuid
);
--> statement-breakpoint
CREATE TABLE "srm_project" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"project_type" varchar(32),
	"name" varchar(100),
	"description" text,
	"time_stamp" timestamp,
	"duration" integer,
	"priority" varchar(255),
	"applicant_id" uuid,
	"is_public" boolean,
	"tags" text[],
	"contact_person" varchar(50),
	"contact_phone" varchar(30),
	"currency" varchar(255),
	"info_stage" varchar(255),
	"rfi_status" varchar(255),
	"publish_stage" varchar(255),
	"inquiry_status" varchar(255),
	"eval_stage" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "srm_project_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"name" varchar(100),
	"description" varchar(500),
	"expected_price" numeric(18, 4),
	"currency" varchar(255),
	"unit" varchar(20),
	"quantity" numeric(18, 4),
	"reference_material" varchar(100),
	"plan_start" date,
	"plan_end" date,
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "srm_project_rfi_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"question" varchar(500),
	"required" boolean
);
--> statement-breakpoint
CREATE TABLE "srm_supplier_eval" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"vendor_id" uuid,
	"period" varchar(20),
	"eval_date" date,
	"total_score" numeric(18, 4),
	"grade" varchar(255),
	"remarks" text,
	"status" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "srm_supplier_eval_kpis" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"parent_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"kpi" varchar(100),
	"weight" numeric(18, 4),
	"score" numeric(18, 4),
	"actual" varchar(50)
);
--> statement-breakpoint
ALTER TABLE "cpm_history" ADD CONSTRAINT "cpm_history_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpm_history" ADD CONSTRAINT "cpm_history_instance_id_cpm_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."cpm_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpm_instance" ADD CONSTRAINT "cpm_instance_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpm_node_user" ADD CONSTRAINT "cpm_node_user_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpm_node_user" ADD CONSTRAINT "cpm_node_user_instance_id_cpm_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."cpm_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpm_task" ADD CONSTRAINT "cpm_task_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpm_task" ADD CONSTRAINT "cpm_task_instance_id_cpm_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."cpm_instance"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpm_process" ADD CONSTRAINT "cpm_process_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpm_process_nodes" ADD CONSTRAINT "cpm_process_nodes_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpm_process_nodes" ADD CONSTRAINT "cpm_process_nodes_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."cpm_process"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cpm_project_type" ADD CONSTRAINT "cpm_project_type_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scm_purchase_requirement" ADD CONSTRAINT "scm_purchase_requirement_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scm_purchase_requirement_lines" ADD CONSTRAINT "scm_purchase_requirement_lines_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scm_purchase_requirement_lines" ADD CONSTRAINT "scm_purchase_requirement_lines_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."scm_purchase_requirement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_invitation" ADD CONSTRAINT "srm_invitation_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_invitation" ADD CONSTRAINT "srm_invitation_project_id_srm_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."srm_project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_quotation" ADD CONSTRAINT "srm_quotation_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_quotation_line" ADD CONSTRAINT "srm_quotation_line_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_quotation_line" ADD CONSTRAINT "srm_quotation_line_quotation_id_srm_quotation_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."srm_quotation"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_quotation_tier" ADD CONSTRAINT "srm_quotation_tier_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_quotation_tier" ADD CONSTRAINT "srm_quotation_tier_line_id_srm_quotation_line_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."srm_quotation_line"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_rfi_record" ADD CONSTRAINT "srm_rfi_record_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_admission_eval" ADD CONSTRAINT "srm_admission_eval_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_admission_eval_scores" ADD CONSTRAINT "srm_admission_eval_scores_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_admission_eval_scores" ADD CONSTRAINT "srm_admission_eval_scores_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."srm_admission_eval"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_eval_config" ADD CONSTRAINT "srm_eval_config_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_eval_config_items" ADD CONSTRAINT "srm_eval_config_items_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_eval_config_items" ADD CONSTRAINT "srm_eval_config_items_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."srm_eval_config"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_eval_config_options" ADD CONSTRAINT "srm_eval_config_options_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_eval_config_options" ADD CONSTRAINT "srm_eval_config_options_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."srm_eval_config"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_eval_config_reviewers" ADD CONSTRAINT "srm_eval_config_reviewers_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_eval_config_reviewers" ADD CONSTRAINT "srm_eval_config_reviewers_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."srm_eval_config"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_project" ADD CONSTRAINT "srm_project_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_project_items" ADD CONSTRAINT "srm_project_items_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_project_items" ADD CONSTRAINT "srm_project_items_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."srm_project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_project_rfi_questions" ADD CONSTRAINT "srm_project_rfi_questions_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_project_rfi_questions" ADD CONSTRAINT "srm_project_rfi_questions_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."srm_project"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_supplier_eval" ADD CONSTRAINT "srm_supplier_eval_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_supplier_eval_kpis" ADD CONSTRAINT "srm_supplier_eval_kpis_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "srm_supplier_eval_kpis" ADD CONSTRAINT "srm_supplier_eval_kpis_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."srm_supplier_eval"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cpm_history_instance_idx" ON "cpm_history" USING btree ("instance_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "cpm_history_request_uq" ON "cpm_history" USING btree ("instance_id","request_id");--> statement-breakpoint
CREATE INDEX "cpm_task_todo_idx" ON "cpm_task" USING btree ("client_id","user_id","outcome");--> statement-breakpoint
CREATE INDEX "cpm_task_instance_idx" ON "cpm_task" USING btree ("instance_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cpm_process_code_uq" ON "cpm_process" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "cpm_process_code_idx" ON "cpm_process" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cpm_process_name_idx" ON "cpm_process" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cpm_process_tag_idx" ON "cpm_process" USING btree ("client_id","tag" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cpm_process_code_sort_idx" ON "cpm_process" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "cpm_process_nodes_parent_idx" ON "cpm_process_nodes" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "cpm_project_type_code_uq" ON "cpm_project_type" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "cpm_project_type_code_idx" ON "cpm_project_type" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cpm_project_type_name_idx" ON "cpm_project_type" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cpm_project_type_flow_idx" ON "cpm_project_type" USING btree ("client_id","flow" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "cpm_project_type_code_sort_idx" ON "cpm_project_type" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE UNIQUE INDEX "scm_purchase_requirement_code_uq" ON "scm_purchase_requirement" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "scm_purchase_requirement_code_idx" ON "scm_purchase_requirement" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "scm_purchase_requirement_title_idx" ON "scm_purchase_requirement" USING btree ("client_id","title" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "scm_purchase_requirement_status_idx" ON "scm_purchase_requirement" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "scm_purchase_requirement_code_sort_idx" ON "scm_purchase_requirement" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "scm_purchase_requirement_lines_parent_idx" ON "scm_purchase_requirement_lines" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "scm_purchase_requirement_lines_material_id_idx" ON "scm_purchase_requirement_lines" USING btree ("client_id","material_id");--> statement-breakpoint
CREATE INDEX "srm_invitation_supplier_idx" ON "srm_invitation" USING btree ("supplier_client_id","status");--> statement-breakpoint
CREATE INDEX "srm_invitation_client_idx" ON "srm_invitation" USING btree ("client_id","project_id");--> statement-breakpoint
CREATE INDEX "srm_quotation_brand_idx" ON "srm_quotation" USING btree ("brand_client_id","project_id");--> statement-breakpoint
CREATE INDEX "srm_quotation_line_client_idx" ON "srm_quotation_line" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "srm_quotation_tier_client_idx" ON "srm_quotation_tier" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "srm_rfi_record_brand_idx" ON "srm_rfi_record" USING btree ("brand_client_id","project_id");--> statement-breakpoint
CREATE INDEX "srm_admission_eval_title_idx" ON "srm_admission_eval" USING btree ("client_id","title" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "srm_admission_eval_vendor_id_idx" ON "srm_admission_eval" USING btree ("client_id","vendor_id");--> statement-breakpoint
CREATE INDEX "srm_admission_eval_result_idx" ON "srm_admission_eval" USING btree ("client_id","result" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "srm_admission_eval_status_idx" ON "srm_admission_eval" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "srm_admission_eval_config_id_idx" ON "srm_admission_eval" USING btree ("client_id","config_id");--> statement-breakpoint
CREATE INDEX "srm_admission_eval_created_at_sort_idx" ON "srm_admission_eval" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "srm_admission_eval_scores_parent_idx" ON "srm_admission_eval_scores" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "srm_admission_eval_scores_reviewer_id_idx" ON "srm_admission_eval_scores" USING btree ("client_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "srm_eval_config_version_no_idx" ON "srm_eval_config" USING btree ("client_id","version_no" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "srm_eval_config_name_idx" ON "srm_eval_config" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "srm_eval_config_status_idx" ON "srm_eval_config" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "srm_eval_config_version_no_sort_idx" ON "srm_eval_config" USING btree ("client_id","version_no","id");--> statement-breakpoint
CREATE INDEX "srm_eval_config_items_parent_idx" ON "srm_eval_config_items" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "srm_eval_config_options_parent_idx" ON "srm_eval_config_options" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "srm_eval_config_reviewers_parent_idx" ON "srm_eval_config_reviewers" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "srm_eval_config_reviewers_user_id_idx" ON "srm_eval_config_reviewers" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "srm_project_code_uq" ON "srm_project" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "srm_project_code_idx" ON "srm_project" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "srm_project_name_idx" ON "srm_project" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "srm_project_priority_idx" ON "srm_project" USING btree ("client_id","priority" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "srm_project_publish_stage_idx" ON "srm_project" USING btree ("client_id","publish_stage" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "srm_project_eval_stage_idx" ON "srm_project" USING btree ("client_id","eval_stage" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "srm_project_applicant_id_idx" ON "srm_project" USING btree ("client_id","applicant_id");--> statement-breakpoint
CREATE INDEX "srm_project_time_stamp_sort_idx" ON "srm_project" USING btree ("client_id","time_stamp","id");--> statement-breakpoint
CREATE INDEX "srm_project_items_parent_idx" ON "srm_project_items" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "srm_project_rfi_questions_parent_idx" ON "srm_project_rfi_questions" USING btree ("parent_id","seq");--> statement-breakpoint
CREATE INDEX "srm_supplier_eval_vendor_id_idx" ON "srm_supplier_eval" USING btree ("client_id","vendor_id");--> statement-breakpoint
CREATE INDEX "srm_supplier_eval_period_idx" ON "srm_supplier_eval" USING btree ("client_id","period" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "srm_supplier_eval_grade_idx" ON "srm_supplier_eval" USING btree ("client_id","grade" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "srm_supplier_eval_status_idx" ON "srm_supplier_eval" USING btree ("client_id","status" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "srm_supplier_eval_eval_date_sort_idx" ON "srm_supplier_eval" USING btree ("client_id","eval_date","id");--> statement-breakpoint
CREATE INDEX "srm_supplier_eval_kpis_parent_idx" ON "srm_supplier_eval_kpis" USING btree ("parent_id","seq");