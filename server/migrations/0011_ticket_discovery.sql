CREATE TABLE "tk_ticket" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"design_no" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"description" text,
	"category_id" uuid,
	"counterpart_client_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"group_role_id" uuid,
	"group_client_id" uuid,
	"status" integer DEFAULT 0 NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"duration_hours" integer,
	"due_at" timestamp with time zone,
	"closing_summary" text,
	"penalty_result" text,
	"reasons" text[] DEFAULT '{}'::text[] NOT NULL,
	"deduction_amount" numeric(18, 4),
	"deduction_ratio" numeric(18, 4),
	"deduction_type" text,
	"deduction_voucher" text,
	"closed_by" uuid,
	"closed_at" timestamp with time zone,
	CONSTRAINT "tk_ticket_client_code_uq" UNIQUE("client_id","code")
);
--> statement-breakpoint
CREATE TABLE "tk_ticket_comment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"author_client_id" uuid NOT NULL,
	"body" text,
	"photos" text[] DEFAULT '{}'::text[] NOT NULL,
	"flagged" boolean DEFAULT false NOT NULL,
	"flagged_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tk_ticket_member" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"ticket_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"member_client_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tk_ticket_member_uq" UNIQUE("ticket_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "tk_ticket_category" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"code" varchar(32),
	"name" varchar(100),
	"level" varchar(255),
	"owner_id" uuid,
	"tags" text[],
	"duration_hours" integer,
	"attributes" text[],
	"description" text
);
--> statement-breakpoint
CREATE TABLE "dsc_connection" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"to_client_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"message" text,
	"responded_by" uuid,
	"responded_at" timestamp with time zone,
	CONSTRAINT "dsc_connection_pair_uq" UNIQUE("client_id","to_client_id")
);
--> statement-breakpoint
ALTER TABLE "md_company" ADD COLUMN "capabilities" text[];--> statement-breakpoint
ALTER TABLE "tk_ticket" ADD CONSTRAINT "tk_ticket_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tk_ticket" ADD CONSTRAINT "tk_ticket_counterpart_client_id_client_id_fk" FOREIGN KEY ("counterpart_client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tk_ticket" ADD CONSTRAINT "tk_ticket_owner_id_app_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tk_ticket_comment" ADD CONSTRAINT "tk_ticket_comment_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tk_ticket_comment" ADD CONSTRAINT "tk_ticket_comment_ticket_id_tk_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tk_ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tk_ticket_comment" ADD CONSTRAINT "tk_ticket_comment_author_id_app_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tk_ticket_comment" ADD CONSTRAINT "tk_ticket_comment_author_client_id_client_id_fk" FOREIGN KEY ("author_client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tk_ticket_member" ADD CONSTRAINT "tk_ticket_member_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tk_ticket_member" ADD CONSTRAINT "tk_ticket_member_ticket_id_tk_ticket_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tk_ticket"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tk_ticket_member" ADD CONSTRAINT "tk_ticket_member_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tk_ticket_member" ADD CONSTRAINT "tk_ticket_member_member_client_id_client_id_fk" FOREIGN KEY ("member_client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tk_ticket_category" ADD CONSTRAINT "tk_ticket_category_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsc_connection" ADD CONSTRAINT "dsc_connection_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsc_connection" ADD CONSTRAINT "dsc_connection_to_client_id_client_id_fk" FOREIGN KEY ("to_client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tk_ticket_client_status_idx" ON "tk_ticket" USING btree ("client_id","status","created_at");--> statement-breakpoint
CREATE INDEX "tk_ticket_counterpart_status_idx" ON "tk_ticket" USING btree ("counterpart_client_id","status","created_at");--> statement-breakpoint
CREATE INDEX "tk_ticket_comment_ticket_idx" ON "tk_ticket_comment" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "tk_ticket_member_user_idx" ON "tk_ticket_member" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tk_ticket_category_code_uq" ON "tk_ticket_category" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "tk_ticket_category_code_idx" ON "tk_ticket_category" USING btree ("client_id","code" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "tk_ticket_category_name_idx" ON "tk_ticket_category" USING btree ("client_id","name" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "tk_ticket_category_level_idx" ON "tk_ticket_category" USING btree ("client_id","level" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "tk_ticket_category_owner_id_idx" ON "tk_ticket_category" USING btree ("client_id","owner_id");--> statement-breakpoint
CREATE INDEX "tk_ticket_category_code_sort_idx" ON "tk_ticket_category" USING btree ("client_id","code","id");--> statement-breakpoint
CREATE INDEX "dsc_connection_to_idx" ON "dsc_connection" USING btree ("to_client_id","status");