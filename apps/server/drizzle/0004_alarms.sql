CREATE TABLE "alarm_rule_state" (
	"rule_id" integer NOT NULL,
	"device_id" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	CONSTRAINT "alarm_rule_state_rule_id_device_id_pk" PRIMARY KEY("rule_id","device_id")
);
--> statement-breakpoint
CREATE TABLE "alarm_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"name" text NOT NULL,
	"device_type" text,
	"point" text NOT NULL,
	"op" text NOT NULL,
	"threshold" double precision NOT NULL,
	"duration_s" integer NOT NULL,
	"level" smallint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "source" text DEFAULT 'device' NOT NULL;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "catalog" text;--> statement-breakpoint
ALTER TABLE "alarms" ADD COLUMN "rule_id" integer;--> statement-breakpoint
ALTER TABLE "alarm_rule_state" ADD CONSTRAINT "alarm_rule_state_rule_id_alarm_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alarm_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rule_state" ADD CONSTRAINT "alarm_rule_state_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_rules_station" ON "alarm_rules" USING btree ("station_id");--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_rule_id_alarm_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alarm_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alarms_open_once" ON "alarms" USING btree ("device_id","alarm_code") WHERE "alarms"."cleared_at" IS NULL;--> statement-breakpoint
CREATE INDEX "alarms_station_started" ON "alarms" USING btree ("station_id","started_at");