CREATE SEQUENCE "public"."ocpp_transaction_id" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "charger_connectors" (
	"device_id" integer NOT NULL,
	"connector_id" integer NOT NULL,
	"status" text NOT NULL,
	"error_code" text NOT NULL,
	"info" text,
	"vendor_error_code" text,
	"status_at" timestamp with time zone NOT NULL,
	CONSTRAINT "charger_connectors_device_id_connector_id_pk" PRIMARY KEY("device_id","connector_id")
);
--> statement-breakpoint
CREATE TABLE "charging_id_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"id_tag" text NOT NULL,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charging_sessions" (
	"id" integer PRIMARY KEY DEFAULT nextval('ocpp_transaction_id') NOT NULL,
	"device_id" integer NOT NULL,
	"station_id" integer,
	"connector_id" integer NOT NULL,
	"id_tag" text NOT NULL,
	"auth_status" text NOT NULL,
	"reservation_id" integer,
	"meter_start" double precision NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"meter_last" double precision,
	"meter_stop" double precision,
	"stopped_at" timestamp with time zone,
	"energy_wh" double precision,
	"stop_reason" text,
	"stop_id_tag" text,
	"stop_inferred" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "charging_unmatched_stops" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"transaction_id" integer NOT NULL,
	"id_tag" text,
	"meter_stop" double precision NOT NULL,
	"stopped_at" timestamp with time zone NOT NULL,
	"reason" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charger_connectors" ADD CONSTRAINT "charger_connectors_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_id_tags" ADD CONSTRAINT "charging_id_tags_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_sessions" ADD CONSTRAINT "charging_sessions_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charging_unmatched_stops" ADD CONSTRAINT "charging_unmatched_stops_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "charging_id_tags_station_tag" ON "charging_id_tags" USING btree ("station_id",lower("id_tag"));--> statement-breakpoint
CREATE UNIQUE INDEX "charging_sessions_start" ON "charging_sessions" USING btree ("device_id","connector_id","id_tag","meter_start","started_at");--> statement-breakpoint
CREATE INDEX "charging_sessions_open" ON "charging_sessions" USING btree ("device_id","connector_id") WHERE "charging_sessions"."stopped_at" IS NULL;--> statement-breakpoint
CREATE INDEX "charging_sessions_station" ON "charging_sessions" USING btree ("station_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "charging_unmatched_stops_once" ON "charging_unmatched_stops" USING btree ("device_id","transaction_id","stopped_at");