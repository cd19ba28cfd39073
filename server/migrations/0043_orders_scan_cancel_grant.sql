-- A booked scan may be cancelled (vfapi/scan/cancel) but not otherwise changed or removed:
-- 0030 revoked UPDATE and DELETE on vf_scan from tenants; they get back UPDATE of the two
-- cancellation columns only. The cancelled row stays as history; the partial unique index
-- (0042) lets the bundle be scanned at that process again.
GRANT UPDATE (cancelled_at, cancelled_by) ON vf_scan TO seamline_app;
