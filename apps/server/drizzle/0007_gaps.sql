CREATE INDEX "alarms_device_started" ON "alarms" USING btree ("device_id","started_at");
--> statement-breakpoint
-- custom: trigram indexes for the alarm lists' text filter (issue 9 gap). The extension must exist
-- before the indexes, which drizzle-kit cannot order, so all of it lives here.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alarms_desc_trgm" ON "alarms" USING gin ("alarm_desc" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "alarms_code_trgm" ON "alarms" USING gin ("alarm_code" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "devices_name_trgm" ON "devices" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stations_name_trgm" ON "stations" USING gin ("name" gin_trgm_ops);
