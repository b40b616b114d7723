ALTER TABLE "station_links" DROP CONSTRAINT "station_links_super_id_stations_id_fk";
--> statement-breakpoint
ALTER TABLE "friendships" ADD COLUMN "asked_name" text;--> statement-breakpoint
-- custom (issue 19): a friend request shows its asker the name as typed until the other side agrees;
-- askfor matches login names exactly, so the addressee's login name is what was typed for older rows.
UPDATE "friendships" f SET "asked_name" = u."login_name" FROM "users" u WHERE u."id" = f."addressee_id";
--> statement-breakpoint
-- An attachment ask may name any id, also one that is no station (it then waits for ever, like an ask a
-- stranger never answers; docs/social.md), so super_id lost its foreign key above. What the cascade did
-- for a deleted superior: its accepted links end (voided, the subordinate is free again); pending asks
-- stay, exactly as asks to an id that never existed. A new station voids asks made to its id before it
-- existed, so nobody receives asks older than their station.
CREATE OR REPLACE FUNCTION "station_links_superior_gone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "station_links" SET "status" = 4, "answered_at" = now() WHERE "super_id" = OLD."id" AND "status" = 2;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "station_links_superior_gone" AFTER DELETE ON "stations"
  FOR EACH ROW EXECUTE FUNCTION "station_links_superior_gone"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "station_links_superior_new"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "station_links" SET "status" = 4, "answered_at" = now() WHERE "super_id" = NEW."id" AND "status" = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "station_links_superior_new" AFTER INSERT ON "stations"
  FOR EACH ROW EXECUTE FUNCTION "station_links_superior_new"();
