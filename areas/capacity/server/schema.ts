// The capacity tables. Engine entities come from their definitions; the allocation lines (one
// row per version × demand line × vendor × week, the cells of the board) are declared here: the
// brand owns them (client_id) and names the vendor's platform company (supplier_client_id),
// which reads its own rows once published and may only move their status (migration
// capacity_rls: policies + cap_allocation_guard; docs/capacity.md 'Visibility').
import { tablesOf } from '@seamline/server/tables';
import { boolean, businessColumns, index, integer, numeric, pgTable, text, timestampTz, uuid } from '@seamline/server/tables';
import { capacityEntities } from '../meta';

export const {
  cap_capacity_group,
  cap_vendor_setting,
  cap_vendor_setting_groups,
  cap_vendor_capacity,
  cap_vendor_kpi,
  cap_demand,
  cap_demand_allocation,
  cap_order_allocation,
} = tablesOf(capacityEntities);

export const capAllocationLine = pgTable(
  'cap_allocation_line',
  {
    ...businessColumns(),
    versionId: uuid('version_id')
      .notNull()
      .references(() => cap_demand_allocation.id, { onDelete: 'cascade' }),
    demandId: uuid('demand_id').notNull(),
    vendorId: uuid('vendor_id').notNull(),
    /** The vendor's own company on the platform (null: the vendor is not on the platform). */
    supplierClientId: uuid('supplier_client_id'),
    capacityGroupId: uuid('capacity_group_id').notNull(),
    week: text('week').notNull(),
    qty: integer('qty').notNull(),
    minutes: numeric('minutes', { precision: 18, scale: 4 }).notNull(),
    status: text('status').notNull().default('10'),
    /** Placed by the planner beyond the vendor's free capacity (or share limit): shown flagged. */
    overCapacity: boolean('over_capacity').notNull().default(false),
    /** Changed by hand after the allocation run. */
    manual: boolean('manual').notNull().default(false),
    /** Copies of the demand line the supplier may read (it cannot read cap_demand). */
    demandNo: text('demand_no').notNull(),
    styleNo: text('style_no').notNull(),
    groupCode: text('group_code').notNull(),
    groupName: text('group_name').notNull(),
    smv: numeric('smv', { precision: 18, scale: 4 }).notNull(),
    dueWeek: text('due_week').notNull(),
    brandName: text('brand_name').notNull(),
    vendorName: text('vendor_name').notNull(),
    confirmedAt: timestampTz('confirmed_at'),
    confirmedBy: uuid('confirmed_by'),
  },
  (t) => [
    index('cap_allocation_line_version_idx').on(t.clientId, t.versionId, t.demandId),
    index('cap_allocation_line_supplier_idx').on(t.supplierClientId, t.status),
    index('cap_allocation_line_vendor_week_idx').on(t.clientId, t.vendorId, t.capacityGroupId, t.week),
  ],
);
