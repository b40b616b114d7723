CREATE TABLE "alarms" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alarms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"station_id" integer NOT NULL,
	"device_id" integer,
	"alarm_code" text NOT NULL,
	"alarm_level" smallint NOT NULL,
	"alarm_desc" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_latest" (
	"device_id" integer PRIMARY KEY NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"w" real,
	"soc" real,
	"e_in" double precision,
	"e_out" double precision,
	"points" jsonb NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"name" text NOT NULL,
	"serial_number" text NOT NULL,
	"comm_serial_number" text,
	"device_type" text NOT NULL,
	"model" text,
	"manufacturer" text,
	"software_version" text,
	"hardware_version" text,
	"rated_power_w" double precision,
	"capacity_wh" double precision,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_serial_number_unique" UNIQUE("serial_number")
);
--> statement-breakpoint
CREATE TABLE "dictionaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"dict_type" text NOT NULL,
	"dict_label" text NOT NULL,
	"dict_value" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" integer PRIMARY KEY NOT NULL,
	"language_code" text NOT NULL,
	"language_name" text NOT NULL,
	CONSTRAINT "languages_language_code_unique" UNIQUE("language_code")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip" text,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_templates" (
	"id" integer PRIMARY KEY NOT NULL,
	"template_code" text NOT NULL,
	"system_type" smallint NOT NULL,
	"name" text NOT NULL,
	"device_types" text[] NOT NULL,
	CONSTRAINT "station_templates_template_code_unique" UNIQUE("template_code")
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"longitude" double precision NOT NULL,
	"latitude" double precision NOT NULL,
	"capacity_kw" double precision NOT NULL,
	"system_type" smallint NOT NULL,
	"template_code" text NOT NULL,
	"owner_id" integer NOT NULL,
	"time_zone" text NOT NULL,
	"country" text NOT NULL,
	"currency" text DEFAULT 'EUR' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "telemetry" (
	"device_id" integer NOT NULL,
	"ts" timestamp with time zone NOT NULL,
	"w" real,
	"soc" real,
	"e_in" double precision,
	"e_out" double precision,
	"points" jsonb NOT NULL,
	CONSTRAINT "telemetry_device_id_ts_pk" PRIMARY KEY("device_id","ts")
) PARTITION BY RANGE ("ts");
--> statement-breakpoint
-- Hand-added: monthly partitions are created ahead by the server (db/partitions.ts); the default
-- partition catches anything outside them so no sample is ever refused.
CREATE TABLE "telemetry_default" PARTITION OF "telemetry" DEFAULT;
--> statement-breakpoint
CREATE TABLE "telemetry_5min" (
	"device_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"w_sum" double precision DEFAULT 0 NOT NULL,
	"w_count" integer DEFAULT 0 NOT NULL,
	"soc_last" real,
	"e_in_max" double precision,
	"e_out_max" double precision,
	"last_ts" timestamp with time zone NOT NULL,
	CONSTRAINT "telemetry_5min_device_id_bucket_pk" PRIMARY KEY("device_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"login_name" text NOT NULL,
	"user_name" text NOT NULL,
	"nickname" text,
	"email" text,
	"email_verified" boolean DEFAULT false NOT NULL,
	"phone" text,
	"usertype" smallint DEFAULT 1 NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"avatar" text,
	"password_hash" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"language_id" integer DEFAULT 1 NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_login_name_unique" UNIQUE("login_name")
);
--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarms" ADD CONSTRAINT "alarms_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_latest" ADD CONSTRAINT "device_latest_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarms_station_current" ON "alarms" USING btree ("station_id","cleared_at");--> statement-breakpoint
CREATE INDEX "devices_station" ON "devices" USING btree ("station_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dictionaries_type_value" ON "dictionaries" USING btree ("dict_type","dict_value");--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "stations_owner_type" ON "stations" USING btree ("owner_id","system_type");