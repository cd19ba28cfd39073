ALTER TABLE "md_process" ADD COLUMN "currency" varchar(255);--> statement-breakpoint
ALTER TABLE "scm_purchase_requirement" ADD COLUMN "currency" varchar(255);--> statement-breakpoint
ALTER TABLE "scm_purchase_requirement_lines" ADD COLUMN "unit" varchar(255);--> statement-breakpoint
ALTER TABLE "plm_season" ADD COLUMN "currency" varchar(255);--> statement-breakpoint
ALTER TABLE "plm_style" ADD COLUMN "currency" varchar(255);--> statement-breakpoint
-- Issue 30: a season's target revenue, a style's target FOB price, a process's piece rate and a
-- purchase requirement's prices read in their currency. Rows written before it are in the
-- company's currency (its company card), else CNY — as 0062 did for the orders; a requirement
-- line's unit is its material's.
UPDATE "plm_season" o SET "currency" = coalesce((SELECT c."currency" FROM "md_company" c WHERE c."client_id" = o."client_id" AND c."currency" IS NOT NULL LIMIT 1), 'CNY') WHERE o."currency" IS NULL;--> statement-breakpoint
UPDATE "plm_style" o SET "currency" = coalesce((SELECT c."currency" FROM "md_company" c WHERE c."client_id" = o."client_id" AND c."currency" IS NOT NULL LIMIT 1), 'CNY') WHERE o."currency" IS NULL;--> statement-breakpoint
UPDATE "md_process" o SET "currency" = coalesce((SELECT c."currency" FROM "md_company" c WHERE c."client_id" = o."client_id" AND c."currency" IS NOT NULL LIMIT 1), 'CNY') WHERE o."currency" IS NULL;--> statement-breakpoint
UPDATE "scm_purchase_requirement" o SET "currency" = coalesce((SELECT c."currency" FROM "md_company" c WHERE c."client_id" = o."client_id" AND c."currency" IS NOT NULL LIMIT 1), 'CNY') WHERE o."currency" IS NULL;--> statement-breakpoint
UPDATE "scm_purchase_requirement_lines" l SET "unit" = m."unit" FROM "md_material" m WHERE l."unit" IS NULL AND l."material_id" = m."id";
