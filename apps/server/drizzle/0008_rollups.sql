CREATE TABLE "energy_daily" (
	"device_id" integer NOT NULL,
	"in_counter_wh" double precision,
	"in_whole" boolean DEFAULT false NOT NULL,
	"in_power_wh" double precision,
	"in_power_before_wh" double precision,
	"out_counter_wh" double precision,
	"out_whole" boolean DEFAULT false NOT NULL,
	"out_power_wh" double precision,
	"out_power_before_wh" double precision,
	"day" date NOT NULL,
	CONSTRAINT "energy_daily_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "energy_monthly" (
	"device_id" integer NOT NULL,
	"in_counter_wh" double precision,
	"in_whole" boolean DEFAULT false NOT NULL,
	"in_power_wh" double precision,
	"in_power_before_wh" double precision,
	"out_counter_wh" double precision,
	"out_whole" boolean DEFAULT false NOT NULL,
	"out_power_wh" double precision,
	"out_power_before_wh" double precision,
	"month" date NOT NULL,
	CONSTRAINT "energy_monthly_device_id_month_pk" PRIMARY KEY("device_id","month")
);
--> statement-breakpoint
CREATE TABLE "rollup_dirty" (
	"device_id" integer NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "rollup_dirty_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
-- custom: days already stored before the rollups existed are recomputed by the rollup job.
INSERT INTO "rollup_dirty" ("device_id", "day")
SELECT DISTINCT r.device_id, (r.bucket AT TIME ZONE coalesce(s.time_zone, 'UTC'))::date
FROM "telemetry_5min" r JOIN "devices" d ON d.id = r.device_id LEFT JOIN "stations" s ON s.id = d.station_id
ON CONFLICT DO NOTHING;
