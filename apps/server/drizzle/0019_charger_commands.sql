CREATE TABLE "charger_commands" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"action" text NOT NULL,
	"params" jsonb NOT NULL,
	"state" text NOT NULL,
	"status" text,
	"result" jsonb,
	"error" text,
	"user_id" integer,
	"user_name" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ocpp_connections" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"node" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "charger_commands" ADD CONSTRAINT "charger_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "charger_commands" ADD CONSTRAINT "charger_commands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ocpp_connections" ADD CONSTRAINT "ocpp_connections_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "charger_commands_device" ON "charger_commands" USING btree ("device_id","id");--> statement-breakpoint
CREATE INDEX "charger_commands_open" ON "charger_commands" USING btree ("state","created_at") WHERE state IN ('queued', 'sent');