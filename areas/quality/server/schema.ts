// The quality area's tables, built from its definition (server/src/db/schema.ts re-exports them so
// drizzle-kit writes their migrations). Three-company policies: migration 0058_quality_rls.sql.
// Relative imports (not @seamline/server/api): drizzle-kit reads this file through db/schema.ts.
import { tablesOf } from '@seamline/server/tables';
import { inspectionEntity } from '../meta/inspection';
import { inspectionTemplateEntity } from '../meta/template';

export const { qc_inspection, qc_inspection_lines, qc_inspection_defects, qc_inspection_readings } = tablesOf([inspectionEntity]);
export const { qc_template, qc_template_defects, qc_template_checks } = tablesOf([inspectionTemplateEntity]);
