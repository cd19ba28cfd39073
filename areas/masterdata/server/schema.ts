// The master-data tables, built from the definitions (server/src/db/schema.ts re-exports them so
// drizzle-kit writes their migrations). A new entity's tables must be listed here; the engine's
// migration test names any registered table missing from the schema.
import { tablesOf } from '@seamline/server/tables';
import { masterdataEntities } from '../meta';

export const {
  md_dictionary,
  md_service,
  md_company,
  md_company_cases,
  md_plant,
  md_org,
  md_position,
  md_vendor,
  md_vendor_contacts,
  md_vendor_addresses,
  md_customer,
  md_customer_contacts,
  md_customer_delivery,
  md_material,
  md_material_prices,
  md_material_shares,
  md_workshop,
  md_production_line,
  md_production_line_members,
  md_production_line_capacity,
  md_process,
} = tablesOf(masterdataEntities);
