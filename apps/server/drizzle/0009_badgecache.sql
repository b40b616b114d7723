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
CREATE TRIGGER "alarms_badge_ins" AFTER INSERT ON "alarms" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "badge_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "alarms_badge_upd" AFTER UPDATE ON "alarms" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "badge_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "alarms_badge_del" AFTER DELETE ON "alarms" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "badge_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "alarms_badge_trunc" AFTER TRUNCATE ON "alarms"
  FOR EACH STATEMENT EXECUTE FUNCTION "badge_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "stations_badge_ins" AFTER INSERT ON "stations" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "badge_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "stations_badge_upd" AFTER UPDATE ON "stations" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "badge_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "stations_badge_del" AFTER DELETE ON "stations" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "badge_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "stations_badge_trunc" AFTER TRUNCATE ON "stations"
  FOR EACH STATEMENT EXECUTE FUNCTION "badge_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "station_shares_badge_ins" AFTER INSERT ON "station_shares" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "badge_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "station_shares_badge_upd" AFTER UPDATE ON "station_shares" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "badge_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "station_shares_badge_del" AFTER DELETE ON "station_shares" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "badge_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "station_shares_badge_trunc" AFTER TRUNCATE ON "station_shares"
  FOR EACH STATEMENT EXECUTE FUNCTION "badge_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "friendships_badge_ins" AFTER INSERT ON "friendships" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "badge_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "friendships_badge_upd" AFTER UPDATE ON "friendships" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "badge_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "friendships_badge_del" AFTER DELETE ON "friendships" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "badge_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "friendships_badge_trunc" AFTER TRUNCATE ON "friendships"
  FOR EACH STATEMENT EXECUTE FUNCTION "badge_counts_changed"();
