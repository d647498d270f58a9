-- The audit log keeps an SEO entry's markup in full (docs/decisions/audit-log.md, docs/decisions/seo-markup.md):
-- the markup goes into every public page, on the back-office's own origin, and a script in it runs there; who
-- put in or took out which code, and what the entry held before, must be readable afterwards. Until now the
-- trigger recorded head_markup and body_markup only as changed ("…"); from now on a create or delete records
-- them as they are, an update as [before, after] (each at most 20 000 characters, the API's limit). Entries
-- written before this migration keep their "…".
DROP TRIGGER seo_entries_audit ON seo_entries;
CREATE TRIGGER seo_entries_audit AFTER INSERT OR UPDATE OR DELETE ON seo_entries
  FOR EACH ROW EXECUTE FUNCTION audit_row('seo', 'id', 'updated_at');
