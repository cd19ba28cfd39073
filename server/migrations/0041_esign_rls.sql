-- E-signing (areas/esign): its one table is a plain tenant table. A phone signer reaches a request
-- only through its own company's session: another company's user finds no row (404).
SELECT seamline_enable_tenant_rls('esign_request'::regclass);
