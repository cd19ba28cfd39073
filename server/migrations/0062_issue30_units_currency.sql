ALTER TABLE "ord_customer_order" ADD COLUMN "currency" varchar(255);--> statement-breakpoint
ALTER TABLE "ord_material_order" ADD COLUMN "currency" varchar(255);--> statement-breakpoint
ALTER TABLE "ord_material_order_lines" ADD COLUMN "unit" varchar(255);--> statement-breakpoint
ALTER TABLE "ord_outsourced_order" ADD COLUMN "currency" varchar(255);--> statement-breakpoint
-- Issue 30: an order's amounts show its currency. Orders written before it are in the company's
-- currency (its company card), else CNY; a material line's unit is its material's.
UPDATE "ord_customer_order" o SET "currency" = coalesce((SELECT c."currency" FROM "md_company" c WHERE c."client_id" = o."client_id" AND c."currency" IS NOT NULL LIMIT 1), 'CNY') WHERE o."currency" IS NULL;--> statement-breakpoint
UPDATE "ord_outsourced_order" o SET "currency" = coalesce((SELECT c."currency" FROM "md_company" c WHERE c."client_id" = o."client_id" AND c."currency" IS NOT NULL LIMIT 1), 'CNY') WHERE o."currency" IS NULL;--> statement-breakpoint
UPDATE "ord_material_order" o SET "currency" = coalesce((SELECT c."currency" FROM "md_company" c WHERE c."client_id" = o."client_id" AND c."currency" IS NOT NULL LIMIT 1), 'CNY') WHERE o."currency" IS NULL;--> statement-breakpoint
UPDATE "ord_material_order_lines" l SET "unit" = m."unit" FROM "md_material" m WHERE l."unit" IS NULL AND l."material_id" = m."id";
