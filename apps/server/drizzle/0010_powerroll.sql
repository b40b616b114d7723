CREATE TABLE "telemetry_hourly" (
	"device_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"w_sum" double precision DEFAULT 0 NOT NULL,
	"w_count" integer DEFAULT 0 NOT NULL,
	"soc_last" real,
	"soc_at" timestamp with time zone,
	CONSTRAINT "telemetry_hourly_device_id_bucket_pk" PRIMARY KEY("device_id","bucket")
);
--> statement-breakpoint
ALTER TABLE "energy_daily" ADD COLUMN "w_sum" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "energy_daily" ADD COLUMN "w_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "energy_daily" ADD COLUMN "soc_last" real;--> statement-breakpoint
ALTER TABLE "energy_daily" ADD COLUMN "soc_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "energy_monthly" ADD COLUMN "w_sum" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "energy_monthly" ADD COLUMN "w_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "energy_monthly" ADD COLUMN "soc_last" real;--> statement-breakpoint
ALTER TABLE "energy_monthly" ADD COLUMN "soc_at" timestamp with time zone;--> statement-breakpoint
-- custom: rollup rows built before they held power are recomputed by the rollup job (issue 12, powerroll).
INSERT INTO "rollup_dirty" ("device_id", "day")
SELECT DISTINCT r.device_id, (r.bucket AT TIME ZONE coalesce(s.time_zone, 'UTC'))::date
FROM "telemetry_5min" r JOIN "devices" d ON d.id = r.device_id LEFT JOIN "stations" s ON s.id = d.station_id
ON CONFLICT DO NOTHING;
