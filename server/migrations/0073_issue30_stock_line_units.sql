ALTER TABLE "scm_stock_issue_lines" ADD COLUMN "unit" varchar(255);--> statement-breakpoint
ALTER TABLE "scm_stock_move_lines" ADD COLUMN "unit" varchar(255);--> statement-breakpoint
ALTER TABLE "scm_stock_receipt_lines" ADD COLUMN "unit" varchar(255);