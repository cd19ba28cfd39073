CREATE TABLE "collab_announcement" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collab_announcement_read" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"announcement_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collab_announcement_read_uq" UNIQUE("announcement_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "collab_attachment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"entity" text NOT NULL,
	"record_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"file_key" text,
	"file_name" text,
	"size" integer,
	"mime" text,
	"note" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collab_task" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"subject" text NOT NULL,
	"description" text,
	"due_date" date,
	"priority" text DEFAULT 'MEDIUM' NOT NULL,
	"status" integer DEFAULT 10 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collab_task_participant" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "collab_task_participant_uq" UNIQUE("task_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notify_msg" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"from_client_id" uuid NOT NULL,
	"from_user_id" uuid,
	"from_client_name" text DEFAULT '' NOT NULL,
	"from_org_name" text DEFAULT '' NOT NULL,
	"from_user_fullname" text DEFAULT '' NOT NULL,
	"post_user_avatar" text DEFAULT '' NOT NULL,
	"to_client_name" text DEFAULT '' NOT NULL,
	"module" text NOT NULL,
	"function_subarea" text,
	"related_key" text,
	"content_en" text NOT NULL,
	"content_zh" text NOT NULL,
	"url" text,
	"menu_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "collab_announcement" ADD CONSTRAINT "collab_announcement_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collab_announcement_read" ADD CONSTRAINT "collab_announcement_read_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collab_announcement_read" ADD CONSTRAINT "collab_announcement_read_announcement_id_collab_announcement_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."collab_announcement"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collab_announcement_read" ADD CONSTRAINT "collab_announcement_read_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collab_attachment" ADD CONSTRAINT "collab_attachment_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collab_task" ADD CONSTRAINT "collab_task_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collab_task_participant" ADD CONSTRAINT "collab_task_participant_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collab_task_participant" ADD CONSTRAINT "collab_task_participant_task_id_collab_task_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."collab_task"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collab_task_participant" ADD CONSTRAINT "collab_task_participant_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_msg" ADD CONSTRAINT "notify_msg_client_id_client_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_msg" ADD CONSTRAINT "notify_msg_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notify_msg" ADD CONSTRAINT "notify_msg_from_client_id_client_id_fk" FOREIGN KEY ("from_client_id") REFERENCES "public"."client"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "collab_announcement_client_idx" ON "collab_announcement" USING btree ("client_id","published_at");--> statement-breakpoint
CREATE INDEX "collab_attachment_record_idx" ON "collab_attachment" USING btree ("client_id","entity","record_id","created_at");--> statement-breakpoint
CREATE INDEX "collab_task_client_idx" ON "collab_task" USING btree ("client_id","status","due_date");--> statement-breakpoint
CREATE INDEX "collab_task_participant_user_idx" ON "collab_task_participant" USING btree ("client_id","user_id");--> statement-breakpoint
CREATE INDEX "notify_msg_inbox_idx" ON "notify_msg" USING btree ("client_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "notify_msg_unread_idx" ON "notify_msg" USING btree ("client_id","user_id","read_at");