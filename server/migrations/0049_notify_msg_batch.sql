-- One key for all rows of one notify() call (issue 12, fan-out): the pushed message's id, which each
-- recipient marks read. notify_msg already has RLS (0009); a new column needs no policy.
ALTER TABLE "notify_msg" ADD COLUMN "batch" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "notify_msg_batch_uq" ON "notify_msg" USING btree ("user_id","batch");