CREATE TABLE "charger_site_limits" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"limit_w" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "charge_limit_kw" double precision;--> statement-breakpoint
ALTER TABLE "charger_site_limits" ADD CONSTRAINT "charger_site_limits_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;