-- ui_config is a tenant table. platform_setting is not granted at all: only the super admin's
-- routes reach it, through the system connection.
SELECT seamline_enable_tenant_rls('ui_config');
