// The development tables. Engine entities come from their definitions (../meta); sample requests
// and quotes are two-company documents declared here. Each such row belongs to the brand that
// asked (client_id) and names the supplier company (supplier_client_id); row-level security shows
// it to exactly those two companies, and a guard trigger lets each side change only its own
// columns (migration development_rls, docs/development.md 'Visibility').
import { tablesOf } from '@seamline/server/tables';
import { boolean, businessColumns, clientId, date, id, index, integer, jsonb, numeric, pgTable, text, timestampTz, uuid } from '@seamline/server/tables';
import { developmentEntities } from '../meta';

export const {
  plm_season,
  plm_season_range_plan,
  plm_colour,
  plm_size_range,
  plm_size_range_sizes,
  plm_trend,
  plm_style,
  plm_style_colourways,
  plm_bom,
  plm_bom_lines,
  plm_bom_tiers,
  plm_measurement_chart,
  plm_measurement_chart_points,
  plm_follow_node_config,
  plm_follow_node_config_nodes,
  plm_po_tracking,
  plm_node_following,
  plm_node_following_nodes,
} = tablesOf(developmentEntities);

const dec = (name: string) => numeric(name, { precision: 18, scale: 4 });

/** A two-company document: the brand's row naming the supplier, with the style as the supplier sees it (the style row stays the brand's). */
const exchangeColumns = () => ({
  ...businessColumns(),
  supplierClientId: uuid('supplier_client_id').notNull(),
  code: text('code').notNull(),
  styleId: uuid('style_id').notNull(),
  styleCode: text('style_code').notNull(),
  styleName: text('style_name'),
});

/** A sample request (proto, fit, salesman, pre-production) from a brand to a supplier company. */
export const plmSample = pgTable(
  'plm_sample',
  {
    ...exchangeColumns(),
    styleImage: text('style_image'),
    sampleType: text('sample_type').notNull(),
    sizeCode: text('size_code').notNull(),
    unit: text('unit').notNull().default('cm'),
    round: integer('round').notNull().default(1),
    dueDate: date('due_date', { mode: 'string' }),
    /** requested → measured → approved | rework (a new round is a new row) */
    status: text('status').notNull().default('requested'),
    brandRemarks: text('brand_remarks'),
    supplierRemarks: text('supplier_remarks'),
    answeredAt: timestampTz('answered_at'),
    decidedAt: timestampTz('decided_at'),
    previousId: uuid('previous_id'),
  },
  (t) => [index('plm_sample_client_idx').on(t.clientId, t.updatedAt), index('plm_sample_supplier_idx').on(t.supplierClientId, t.updatedAt)],
);

/** One point of measure of a sample: the spec from the chart, the supplier's measured value, the brand's fit comment. */
export const plmSamplePoint = pgTable(
  'plm_sample_point',
  {
    id: id(),
    clientId: clientId(),
    supplierClientId: uuid('supplier_client_id').notNull(),
    sampleId: uuid('sample_id')
      .notNull()
      .references(() => plmSample.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    pomCode: text('pom_code').notNull(),
    description: text('description'),
    spec: dec('spec').notNull(),
    tolPlus: dec('tol_plus').notNull(),
    tolMinus: dec('tol_minus').notNull(),
    critical: boolean('critical').notNull().default(false),
    measured: dec('measured'),
    comment: text('comment'),
  },
  (t) => [index('plm_sample_point_sample_idx').on(t.sampleId, t.seq), index('plm_sample_point_client_idx').on(t.clientId), index('plm_sample_point_supplier_idx').on(t.supplierClientId)],
);

/** A quote request to a supplier company and the supplier's costing with tier prices (levels 1–5). */
export const plmQuote = pgTable(
  'plm_quote',
  {
    ...exchangeColumns(),
    qty: dec('qty'),
    currency: text('currency').notNull().default('CNY'),
    dueDate: date('due_date', { mode: 'string' }),
    /** requested → submitted → accepted | declined */
    status: text('status').notNull().default('requested'),
    materialCost: dec('material_cost'),
    labourCost: dec('labour_cost'),
    overheadCost: dec('overhead_cost'),
    marginPct: dec('margin_pct'),
    unitPrice: dec('unit_price'),
    /** [{level 1..5, min_qty, unit_price}] (a CHECK keeps at most five) */
    tiers: jsonb('tiers').notNull().default([]),
    leadTimeDays: integer('lead_time_days'),
    supplierRemarks: text('supplier_remarks'),
    brandRemarks: text('brand_remarks'),
    submittedAt: timestampTz('submitted_at'),
    decidedAt: timestampTz('decided_at'),
  },
  (t) => [index('plm_quote_client_idx').on(t.clientId, t.styleId), index('plm_quote_supplier_idx').on(t.supplierClientId, t.updatedAt)],
);

/**
 * A late T&A node's alert, sent once (issue 27): the sweep claims the node here (insert, conflict
 * on the node: nothing) before it notifies, so several server nodes sweeping at once alert once.
 */
export const plmTnaLateAlert = pgTable(
  'plm_tna_late_alert',
  {
    nodeId: uuid('node_id').primaryKey(),
    clientId: uuid('client_id').notNull(),
    planId: uuid('plan_id').notNull(),
    plannedDate: date('planned_date', { mode: 'string' }).notNull(),
    alertedAt: timestampTz('alerted_at').notNull().defaultNow(),
  },
  (t) => [index('plm_tna_late_alert_client_idx').on(t.clientId, t.planId)],
);
