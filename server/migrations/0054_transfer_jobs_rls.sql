-- Background import/export jobs (docs/jobs.md) are tenant rows: a company sees only its own.
-- A company's transaction adds its job's queue row (PGlite); the worker claims it as system.
SELECT seamline_enable_tenant_rls('transfer_job'::regclass);
--> statement-breakpoint
GRANT INSERT ON transfer_queue TO seamline_app;
