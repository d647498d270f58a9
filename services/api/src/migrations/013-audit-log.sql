-- The audit log (docs/decisions/audit-log.md): every change a signed-in staff member makes to users and
-- their accesses, articles, categories, leads, messages, SEO entries, the FAQ and the site settings (contact,
-- social links, WhatsApp, newsletter schedule), written by a trigger in the transaction of the change itself: it
-- exists if and only if the change committed. The API names the actor for the transaction
-- (set_config('vitrine.actor', '{"id":…,"name":…}', true)); changes made by nobody (a visitor's subscription,
-- the seed, a job) are not staff actions and are not logged.
CREATE TABLE audit_log (
  id          bigserial PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  actor_id    integer REFERENCES users (id) ON DELETE SET NULL,
  -- The actor's name as it was (the user may be deleted later).
  actor_name  text NOT NULL,
  record_type text NOT NULL,
  record_id   text NOT NULL,
  action      text NOT NULL CHECK (action IN ('create', 'update', 'delete')),
  -- create / delete: the row; update: {"column": [before, after]} for each changed column. Secrets and derived
  -- columns are left out; long texts (an article's body, SEO markup) are recorded as changed, not copied.
  changes     jsonb NOT NULL
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, at DESC, id DESC);
CREATE INDEX audit_log_type_idx ON audit_log (record_type, at DESC, id DESC);

-- TG_ARGV: the record type, the id column, then the columns to leave out; a column named with a leading '~' is
-- recorded only as changed ("…").
CREATE FUNCTION audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  actor jsonb := NULLIF(current_setting('vitrine.actor', true), '')::jsonb;
  old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  row_now jsonb := COALESCE(new_row, old_row);
  changes jsonb := '{}'::jsonb;
  col text;
  skip text[] := '{}';
  summarised text[] := '{}';
  i int;
BEGIN
  IF actor IS NULL THEN
    RETURN NULL;
  END IF;
  FOR i IN 2 .. TG_NARGS - 1 LOOP
    IF left(TG_ARGV[i], 1) = '~' THEN
      summarised := summarised || substr(TG_ARGV[i], 2);
    ELSE
      skip := skip || TG_ARGV[i];
    END IF;
  END LOOP;
  IF TG_OP = 'UPDATE' THEN
    FOR col IN SELECT jsonb_object_keys(new_row) LOOP
      CONTINUE WHEN col = ANY (skip) OR (old_row -> col) IS NOT DISTINCT FROM (new_row -> col);
      IF col = ANY (summarised) THEN
        changes := changes || jsonb_build_object(col, jsonb_build_array('…', '…'));
      ELSE
        changes := changes || jsonb_build_object(col, jsonb_build_array(old_row -> col, new_row -> col));
      END IF;
    END LOOP;
    IF changes = '{}'::jsonb THEN
      RETURN NULL;
    END IF;
  ELSE
    changes := row_now - skip;
    FOREACH col IN ARRAY summarised LOOP
      IF changes ? col THEN
        changes := jsonb_set(changes, ARRAY[col], '"…"'::jsonb);
      END IF;
    END LOOP;
  END IF;
  INSERT INTO audit_log (actor_id, actor_name, record_type, record_id, action, changes)
  VALUES ((actor ->> 'id')::int, COALESCE(actor ->> 'name', ''), TG_ARGV[0], row_now ->> TG_ARGV[1],
          CASE TG_OP WHEN 'INSERT' THEN 'create' WHEN 'UPDATE' THEN 'update' ELSE 'delete' END, changes);
  RETURN NULL;
END
$$;

CREATE TRIGGER users_audit AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION audit_row('user', 'id', 'password_hash', 'updated_at');
CREATE TRIGGER user_roles_audit AFTER INSERT OR DELETE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION audit_row('user_access', 'user_id');
CREATE TRIGGER articles_audit AFTER INSERT OR UPDATE OR DELETE ON articles
  FOR EACH ROW EXECUTE FUNCTION audit_row('article', 'id', 'search', 'content_text', 'word_count', 'public_at', 'updated_at', '~content');
CREATE TRIGGER article_categories_audit AFTER INSERT OR DELETE ON article_categories
  FOR EACH ROW EXECUTE FUNCTION audit_row('article_category', 'article_id');
CREATE TRIGGER categories_audit AFTER INSERT OR UPDATE OR DELETE ON categories
  FOR EACH ROW EXECUTE FUNCTION audit_row('category', 'id', 'updated_at');
CREATE TRIGGER leads_audit AFTER INSERT OR UPDATE OR DELETE ON leads
  FOR EACH ROW EXECUTE FUNCTION audit_row('lead', 'id', 'confirm_token_hash', 'updated_at');
CREATE TRIGGER messages_audit AFTER INSERT OR UPDATE OR DELETE ON messages
  FOR EACH ROW EXECUTE FUNCTION audit_row('message', 'id', '~body');
CREATE TRIGGER message_replies_audit AFTER INSERT OR DELETE ON message_replies
  FOR EACH ROW EXECUTE FUNCTION audit_row('message_reply', 'message_id', '~body');
CREATE TRIGGER seo_entries_audit AFTER INSERT OR UPDATE OR DELETE ON seo_entries
  FOR EACH ROW EXECUTE FUNCTION audit_row('seo', 'id', 'updated_at', '~head_markup', '~body_markup');
CREATE TRIGGER faq_entries_audit AFTER INSERT OR UPDATE OR DELETE ON faq_entries
  FOR EACH ROW EXECUTE FUNCTION audit_row('faq', 'id', 'updated_at');
CREATE TRIGGER site_settings_audit AFTER INSERT OR UPDATE OR DELETE ON site_settings
  FOR EACH ROW EXECUTE FUNCTION audit_row('site_settings', 'key', 'updated_at');

-- The audit log's screen belongs to user management (and the API shows it to admins only).
UPDATE roles SET active_routes = array_append(active_routes, 'audit-log')
WHERE name = 'user_management' AND NOT ('audit-log' = ANY (active_routes));
