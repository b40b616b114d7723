CREATE TABLE "charger_solar" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"connector_id" integer DEFAULT 1 NOT NULL,
	"mode" text NOT NULL,
	"min_current_a" integer DEFAULT 6 NOT NULL,
	"phases" integer,
	"enabled" boolean DEFAULT false NOT NULL,
	"timer_since" timestamp with time zone,
	"limit_a" double precision,
	"reason" text,
	"need_w" integer,
	"delay_until" timestamp with time zone,
	"surplus_w" integer,
	"decided_at" timestamp with time zone,
	"sent_limit_a" double precision,
	"sent_transaction_id" integer
);
--> statement-breakpoint
CREATE TABLE "charger_solar_days" (
	"device_id" integer NOT NULL,
	"day" text NOT NULL,
	"charged_wh" double precision DEFAULT 0 NOT NULL,
	"solar_wh" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "charger_solar_days_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "solar_battery_priority_soc" integer DEFAULT 80 NOT NULL;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "solar_enable_delay_s" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "solar_disable_delay_s" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE "charger_solar" ADD CONSTRAINT "charger_solar_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charger_solar_days" ADD CONSTRAINT "charger_solar_days_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;