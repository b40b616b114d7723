CREATE INDEX "alarms_active" ON "alarms" USING btree ("station_id","alarm_level") WHERE "alarms"."cleared_at" IS NULL;--> statement-breakpoint
-- custom: badge-count change notifications (issue 10 §6, docs/decisions/0014-badge-counts.md). Statement
-- triggers on every table the top-bar counts read send NOTIFY badge_counts with the table's name, so a
-- process holding counts in memory (PGlite) learns of every writer's change (API, ingest, rules engine,
-- cascades) at its commit: NOTIFY is delivered only when the writing transaction commits. Transition
-- tables skip statements that changed nothing the counts read (ON CONFLICT DO NOTHING, an UPDATE of a
-- site's name). Only a session that set ems.badge_notify = 'on' notifies: on PostgreSQL nothing listens
-- and NOTIFY's commit-time lock would serialize the notifying commits for nothing.
CREATE OR REPLACE FUNCTION "badge_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('ems.badge_notify', true), '') <> 'on' THEN
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
--> statement-breakpoint
-- The same four statement triggers on each table the counts read.
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['alarms', 'stations', 'station_shares', 'friendships'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION badge_counts_changed()', t || '_badge_ins', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION badge_counts_changed()', t || '_badge_upd', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
                    FOR EACH STATEMENT EXECUTE FUNCTION badge_counts_changed()', t || '_badge_del', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION badge_counts_changed()', t || '_badge_trunc', t);
  END LOOP;
END $$;
