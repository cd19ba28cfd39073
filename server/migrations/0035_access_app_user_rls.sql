-- Accounts belong to their owners (issue 11, docs/security.md 'Accounts and identities'), in the
-- database too. Tenant code (seamline_app) still reads every account (a partner's name on a shared
-- document), but updates only the accounts of its own company's members, and never the columns
-- that make an account powerful or say who it is to the platform: is_super_admin, status (a freeze
-- is the account's, in every company), the last sign-in and the creation stamp. Owner changes,
-- resets, freezes and sign-ins run outside the tenant (Db.asSystem), where none of this applies.
REVOKE UPDATE ON app_user FROM seamline_app;
--> statement-breakpoint
GRANT UPDATE (username, email, password_hash, full_name, first_name, last_name, gender, title, mobile, phone,
              language_code, avatar, wx_id, qywx_id, dd_id, version, updated_by, updated_at) ON app_user TO seamline_app;
--> statement-breakpoint
ALTER TABLE app_user ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP POLICY IF EXISTS app_user_read ON app_user;
--> statement-breakpoint
CREATE POLICY app_user_read ON app_user FOR SELECT TO seamline_app USING (true);
--> statement-breakpoint
DROP POLICY IF EXISTS app_user_update_member ON app_user;
--> statement-breakpoint
CREATE POLICY app_user_update_member ON app_user FOR UPDATE TO seamline_app
  USING (EXISTS (SELECT 1 FROM user_client uc WHERE uc.user_id = app_user.id AND uc.client_id = seamline_client_id()))
  WITH CHECK (EXISTS (SELECT 1 FROM user_client uc WHERE uc.user_id = app_user.id AND uc.client_id = seamline_client_id()));
