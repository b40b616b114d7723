-- custom: session-cache invalidation by notification (issue 12; docs/decisions/0018-session-cache.md).
-- Every API process keeps token lookups in memory; statement triggers on sessions and users NOTIFY
-- auth_sessions with the user ids whose cached sessions a change invalidates (revoked, expiry moved,
-- deleted; account disabled, renamed, roles changed, deleted), or '*' for a truncate or a very long list,
-- whoever the writer is (any process, psql). New sessions need no notice: nothing cached them yet.
CREATE OR REPLACE FUNCTION "auth_sessions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    ids := '*';
  ELSIF TG_TABLE_NAME = 'sessions' AND TG_OP = 'UPDATE' THEN
    SELECT string_agg(DISTINCT u.id::text, ',') INTO ids
      FROM old_rows o JOIN new_rows n ON n.id = o.id, LATERAL (VALUES (o.user_id), (n.user_id)) AS u(id)
     WHERE n.revoked_at IS DISTINCT FROM o.revoked_at OR n.expires_at IS DISTINCT FROM o.expires_at
        OR n.user_id IS DISTINCT FROM o.user_id OR n.token_hash IS DISTINCT FROM o.token_hash;
  ELSIF TG_TABLE_NAME = 'sessions' THEN
    SELECT string_agg(DISTINCT user_id::text, ',') INTO ids FROM old_rows;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT string_agg(DISTINCT o.id::text, ',') INTO ids
      FROM old_rows o JOIN new_rows n ON n.id = o.id
     WHERE n.login_name IS DISTINCT FROM o.login_name OR n.roles IS DISTINCT FROM o.roles
        OR n.disabled IS DISTINCT FROM o.disabled;
  ELSE
    SELECT string_agg(DISTINCT id::text, ',') INTO ids FROM old_rows;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- NOTIFY payloads stop short of 8,000 bytes.
  IF length(ids) > 7000 THEN
    ids := '*';
  END IF;
  PERFORM pg_notify('auth_sessions', ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['sessions', 'users'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION auth_sessions_changed()', t || '_auth_upd', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION auth_sessions_changed()', t || '_auth_del', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION auth_sessions_changed()', t || '_auth_trunc', t);
  END LOOP;
END $$;
