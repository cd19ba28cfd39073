-- Issue 30: a stock line's unit is its item's: the material's own, pieces for a garment (style,
-- colour, size). Lines written before the column existed take it here; the save hook sets it since.
UPDATE "scm_stock_receipt_lines" l SET "unit" = m."unit" FROM "md_material" m WHERE l."unit" IS NULL AND l."material_id" = m."id";--> statement-breakpoint
UPDATE "scm_stock_issue_lines" l SET "unit" = m."unit" FROM "md_material" m WHERE l."unit" IS NULL AND l."material_id" = m."id";--> statement-breakpoint
UPDATE "scm_stock_move_lines" l SET "unit" = m."unit" FROM "md_material" m WHERE l."unit" IS NULL AND l."material_id" = m."id";--> statement-breakpoint
UPDATE "scm_stock_receipt_lines" SET "unit" = 'PCS' WHERE "unit" IS NULL AND "material_id" IS NULL AND "style_code" IS NOT NULL;--> statement-breakpoint
UPDATE "scm_stock_issue_lines" SET "unit" = 'PCS' WHERE "unit" IS NULL AND "material_id" IS NULL AND "style_code" IS NOT NULL;--> statement-breakpoint
UPDATE "scm_stock_move_lines" SET "unit" = 'PCS' WHERE "unit" IS NULL AND "material_id" IS NULL AND "style_code" IS NOT NULL;
