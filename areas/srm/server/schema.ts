// The sourcing tables. Engine entities (project, evaluation config, admission and supplier
// evaluation) come from their definitions; the documents exchanged between two companies are
// declared here. Each of those rows belongs to the company that writes it (client_id) and names
// the counterpart company, and row-level security shows it to that counterpart only under the
// rules of migration srm_rls (docs/sourcing.md 'Visibility'):
// - srm_invitation: owned by the brand; the invited supplier reads it once posted.
// - srm_rfi_record, srm_quotation (+ lines, tiers): owned by the supplier; the brand reads them
//   once submitted/posted and may only change their status.
import { tablesOf } from '@seamline/server/tables';
import {
  businessColumns,
  clientId,
  id,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestampTz,
  unique,
  uuid,
} from '@seamline/server/tables';
import { srmEntities } from '../meta';

export const { srm_project, srm_project_items, srm_project_rfi_questions, srm_eval_config, srm_eval_config_items, srm_eval_config_options, srm_eval_config_reviewers, srm_admission_eval, srm_admission_eval_scores, srm_supplier_eval, srm_supplier_eval_kpis } =
  tablesOf(srmEntities);

const money = (name: string) => numeric(name, { precision: 18, scale: 4 });

/** An invitation of a platform supplier company to a sourcing project (the brand's row). */
export const srmInvitation = pgTable(
  'srm_invitation',
  {
    ...businessColumns(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => srm_project.id, { onDelete: 'cascade' }),
    /** The brand's vendor record the invitation came from (brand-side data). */
    vendorId: uuid('vendor_id'),
    supplierClientId: uuid('supplier_client_id').notNull(),
    status: text('status').notNull().default('draft'),
    postedAt: timestampTz('posted_at'),
  },
  (t) => [
    unique('srm_invitation_project_supplier_uq').on(t.projectId, t.supplierClientId),
    index('srm_invitation_supplier_idx').on(t.supplierClientId, t.status),
    index('srm_invitation_client_idx').on(t.clientId, t.projectId),
  ],
);

/** A supplier's answer to a project's information request (the supplier's row). */
export const srmRfiRecord = pgTable(
  'srm_rfi_record',
  {
    ...businessColumns(),
    brandClientId: uuid('brand_client_id').notNull(),
    projectId: uuid('project_id').notNull(),
    status: text('status').notNull().default('draft'),
    /** [{question_id, answer}] */
    answers: jsonb('answers').notNull().default([]),
    capacity: text('capacity'),
    certifications: text('certifications'),
    mainCustomers: text('main_customers'),
    remarks: text('remarks'),
    submittedAt: timestampTz('submitted_at'),
  },
  (t) => [
    unique('srm_rfi_record_project_client_uq').on(t.projectId, t.clientId),
    index('srm_rfi_record_brand_idx').on(t.brandClientId, t.projectId),
  ],
);

/** A supplier's quotation for a project (the supplier's row). */
export const srmQuotation = pgTable(
  'srm_quotation',
  {
    ...businessColumns(),
    brandClientId: uuid('brand_client_id').notNull(),
    projectId: uuid('project_id').notNull(),
    status: text('status').notNull().default('draft'),
    currency: text('currency').notNull().default('CNY'),
    validUntil: text('valid_until'),
    remarks: text('remarks'),
    postedAt: timestampTz('posted_at'),
    decidedAt: timestampTz('decided_at'),
  },
  (t) => [
    unique('srm_quotation_project_client_uq').on(t.projectId, t.clientId),
    index('srm_quotation_brand_idx').on(t.brandClientId, t.projectId),
  ],
);

/** One quoted RFQ item. */
export const srmQuotationLine = pgTable(
  'srm_quotation_line',
  {
    id: id(),
    clientId: clientId(),
    brandClientId: uuid('brand_client_id').notNull(),
    quotationId: uuid('quotation_id')
      .notNull()
      .references(() => srmQuotation.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    unitPrice: money('unit_price').notNull(),
    leadTimeDays: integer('lead_time_days'),
    moq: money('moq'),
    remarks: text('remarks'),
  },
  (t) => [unique('srm_quotation_line_item_uq').on(t.quotationId, t.itemId), index('srm_quotation_line_client_idx').on(t.clientId)],
);

/** Tier prices of a quoted item: levels 1 to 5 (spec §9; a CHECK in migration srm_rls), each once. */
export const srmQuotationTier = pgTable(
  'srm_quotation_tier',
  {
    id: id(),
    clientId: clientId(),
    brandClientId: uuid('brand_client_id').notNull(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => srmQuotationLine.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    minQty: money('min_qty').notNull(),
    unitPrice: money('unit_price').notNull(),
  },
  (t) => [
    unique('srm_quotation_tier_level_uq').on(t.lineId, t.level),
    index('srm_quotation_tier_client_idx').on(t.clientId),
  ],
);
