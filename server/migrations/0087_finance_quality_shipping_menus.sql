-- The menus of shipping, finance and quality (SCM_SHIPMENT, SCM_FINANCE, SCM_QC_INSPECTION,
-- SCM_QC_TEMPLATE) were added to the catalogue (areas/system/server/seed/menus.ts), which only seeds
-- an empty database: a database made by an earlier release had the areas' routes but no menu to
-- open them, so nobody but the super admin could reach them. Here they get the rows the catalogue
-- gives a new database, at its positions; the supply-chain entries after them move down only where
-- they still stand where the earlier catalogue put them (an administrator's own order is kept).
INSERT INTO menu (code, category, title_en, title_zh, url, icon, seq)
VALUES
  ('SCM_SHIPMENT', 'SCM', 'Shipments', '发货与收货', '/scm/index/shipment', 'CarOutlined', 50),
  ('SCM_FINANCE', 'SCM', 'Invoices and payments', '发票与付款', '/scm/page/finance', 'AccountBookOutlined', 60),
  ('SCM_QC_INSPECTION', 'SCM', 'Inspections', '验货', '/scm/index/inspection', 'SafetyCertificateOutlined', 140),
  ('SCM_QC_TEMPLATE', 'SCM', 'Inspection templates', '验货模板', '/scm/index/inspection-template', 'ProfileOutlined', 150)
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
UPDATE menu m SET seq = v.seq_now
  FROM (VALUES ('SCM_WAREHOUSE', 50, 70), ('SCM_CUSTOMER', 60, 80), ('SCM_MATERIAL', 70, 90), ('SCM_VENDOR_CAPACITY', 80, 100),
               ('SCM_DEMAND_ALLOCATION', 90, 110), ('SCM_ORDER_ALLOCATION', 100, 120), ('SCM_VENDOR_KPI', 110, 130)) AS v(code, seq_before, seq_now)
 WHERE m.code = v.code AND m.seq = v.seq_before;
--> statement-breakpoint
-- Switched on for every company that has the supply-chain menus (its customer orders), as a new
-- company of those categories gets them.
INSERT INTO client_menu (client_id, menu_id)
SELECT cm.client_id, added.id
  FROM client_menu cm
  JOIN menu scm ON scm.id = cm.menu_id AND scm.code = 'SCM_CUSTOMER_ORDER'
 CROSS JOIN menu added
 WHERE added.code IN ('SCM_SHIPMENT', 'SCM_FINANCE', 'SCM_QC_INSPECTION', 'SCM_QC_TEMPLATE')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- A role that opens the whole supply-chain category its company had (every earlier SCM menu switched
-- on for it) opens the new entries too — what the demo's roles of that category get on a new
-- database. A role with only some supply-chain screens keeps exactly those: its administrator adds more.
INSERT INTO role_menu (client_id, role_id, menu_id)
SELECT r.client_id, r.id, added.id
  FROM role r
  JOIN client_menu on_ ON on_.client_id = r.client_id
  JOIN menu added ON added.id = on_.menu_id AND added.code IN ('SCM_SHIPMENT', 'SCM_FINANCE', 'SCM_QC_INSPECTION', 'SCM_QC_TEMPLATE')
 WHERE EXISTS (SELECT 1 FROM role_menu rm JOIN menu o ON o.id = rm.menu_id AND o.category = 'SCM' WHERE rm.role_id = r.id AND rm.client_id = r.client_id)
   AND NOT EXISTS (
     SELECT 1 FROM client_menu cm
       JOIN menu o ON o.id = cm.menu_id AND o.category = 'SCM'
                  AND o.code NOT IN ('SCM_SHIPMENT', 'SCM_FINANCE', 'SCM_QC_INSPECTION', 'SCM_QC_TEMPLATE')
      WHERE cm.client_id = r.client_id
        AND NOT EXISTS (SELECT 1 FROM role_menu rm WHERE rm.role_id = r.id AND rm.client_id = r.client_id AND rm.menu_id = o.id))
ON CONFLICT DO NOTHING;
