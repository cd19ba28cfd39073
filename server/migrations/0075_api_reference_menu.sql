-- The API reference (/sys/page/api-reference, docs/openapi.md) as a menu entry. The catalogue
-- (areas/system/server/seed/menus.ts) only seeds an empty database, so an existing one gets the row
-- here, switched on for every company that has its system menus (SYS_USER) — what a new company
-- gets from setUpCompany. ADMIN_ codes open for company administrators and the super admin only
-- (server/src/menuAccess.ts), as the document itself does.
INSERT INTO menu (code, category, title_en, title_zh, url, icon, seq)
VALUES ('ADMIN_API_REFERENCE', 'SYS', 'API reference', 'API 参考文档', '/sys/page/api-reference', 'ApiOutlined', 200)
ON CONFLICT (code) DO NOTHING;
--> statement-breakpoint
INSERT INTO client_menu (client_id, menu_id)
SELECT cm.client_id, ref.id
  FROM client_menu cm
  JOIN menu sys ON sys.id = cm.menu_id AND sys.code = 'SYS_USER'
 CROSS JOIN menu ref
 WHERE ref.code = 'ADMIN_API_REFERENCE'
ON CONFLICT DO NOTHING;
