-- Room on each page for HOT updates of a bucket (issue 36); set before the columns are added, whose rewrite applies it.
ALTER TABLE "telemetry_5min" SET (fillfactor = 80);--> statement-breakpoint
DROP INDEX "telemetry_5min_e_in";--> statement-breakpoint
DROP INDEX "telemetry_5min_e_out";--> statement-breakpoint
-- One rewrite of the table for both columns (1.0 s for a million rows on the 2-core box; docs/operations.md "Upgrades").
ALTER TABLE "telemetry_5min" ADD COLUMN "has_e_in" boolean GENERATED ALWAYS AS (e_in_max IS NOT NULL) STORED,
  ADD COLUMN "has_e_out" boolean GENERATED ALWAYS AS (e_out_max IS NOT NULL) STORED;--> statement-breakpoint
CREATE INDEX "telemetry_5min_e_in" ON "telemetry_5min" USING btree ("device_id","bucket") WHERE has_e_in;--> statement-breakpoint
CREATE INDEX "telemetry_5min_e_out" ON "telemetry_5min" USING btree ("device_id","bucket") WHERE has_e_out;