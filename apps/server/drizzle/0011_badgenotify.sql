-- custom: badge-count notifications on PostgreSQL too (docs/decisions/0014-badge-counts.md). Every API
-- process now keeps the counts in memory and LISTENs on a connection of its own, so the triggers notify
-- from every session (pool connections of any process, psql), not only from one that opted in. A session
-- may still opt out with SET ems.badge_notify = 'off'; its changes then reach the caches only through their
-- 10-minute backstop.
CREATE OR REPLACE FUNCTION "badge_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('ems.badge_notify', true) = 'off' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'TRUNCATE' THEN
    NULL;
  ELSIF TG_TABLE_NAME = 'alarms' THEN
    -- Only active alarms are counted: a history row inserted already cleared changes no badge.
    IF TG_OP = 'INSERT' THEN
      IF NOT EXISTS (SELECT 1 FROM new_rows WHERE cleared_at IS NULL) THEN RETURN NULL; END IF;
    ELSIF TG_OP = 'DELETE' THEN
      IF NOT EXISTS (SELECT 1 FROM old_rows WHERE cleared_at IS NULL) THEN RETURN NULL; END IF;
    ELSIF NOT EXISTS (SELECT 1 FROM old_rows WHERE cleared_at IS NULL)
      AND NOT EXISTS (SELECT 1 FROM new_rows WHERE cleared_at IS NULL) THEN
      RETURN NULL;
    END IF;
  ELSIF TG_TABLE_NAME = 'stations' AND TG_OP = 'UPDATE' THEN
    -- Counts read a site's owner and system type only.
    IF NOT EXISTS (SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
                   WHERE n.owner_id IS DISTINCT FROM o.owner_id OR n.system_type IS DISTINCT FROM o.system_type)
    THEN RETURN NULL; END IF;
  ELSIF TG_OP = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
  ELSIF NOT EXISTS (SELECT 1 FROM old_rows) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('badge_counts', TG_TABLE_NAME);
  RETURN NULL;
END $$;
