CREATE TABLE "device_commands" (
	"id" uuid PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"device_name" text NOT NULL,
	"serial_number" text NOT NULL,
	"user_id" integer,
	"user_name" text NOT NULL,
	"ip" text,
	"params" jsonb NOT NULL,
	"before" jsonb NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"acked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"sends" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_params" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_params" ADD CONSTRAINT "device_params_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_commands_device" ON "device_commands" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "device_commands_station" ON "device_commands" USING btree ("station_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_commands_one_in_flight" ON "device_commands" USING btree ("device_id") WHERE state = 'sent';--> statement-breakpoint
CREATE INDEX "device_commands_open" ON "device_commands" USING btree ("state","device_id") WHERE state IN ('queued', 'sent', 'applied', 'timedOut');