-- Out-API (areas/outapi, docs/outapi.md): tenant policies on the config, its secret, the
-- delivery log and its attempts. The job table is the worker's (as system); a company's
-- transaction may only add a job when it queues a delivery.
SELECT seamline_enable_tenant_rls(tbl)
  FROM unnest(ARRAY['outapi_config', 'outapi_secret', 'outapi_delivery', 'outapi_attempt']::regclass[]) AS tbl;
--> statement-breakpoint
GRANT INSERT ON outapi_job TO seamline_app;
--> statement-breakpoint
-- The secret is written by the config's save hook before the engine inserts the config row in
-- the same transaction: the key is checked at commit, and goes with the config.
ALTER TABLE outapi_secret ADD CONSTRAINT outapi_secret_config_fk FOREIGN KEY (config_id)
  REFERENCES outapi_config(id) ON DELETE CASCADE DEFERRABLE INITIALLY DEFERRED;
