CREATE TABLE "group_stations" (
	"user_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	CONSTRAINT "group_stations_user_id_station_id_pk" PRIMARY KEY("user_id","station_id")
);
--> statement-breakpoint
CREATE TABLE "history_purges" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_ids" integer[] NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "station_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"name" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices" DROP CONSTRAINT "devices_station_id_stations_id_fk";
--> statement-breakpoint
ALTER TABLE "devices" ALTER COLUMN "station_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "area_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "max_stations" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "max_devices" integer;--> statement-breakpoint
ALTER TABLE "group_stations" ADD CONSTRAINT "group_stations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_stations" ADD CONSTRAINT "group_stations_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_stations" ADD CONSTRAINT "group_stations_group_id_station_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."station_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_groups" ADD CONSTRAINT "station_groups_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_stations_group" ON "group_stations" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "station_groups_owner_name" ON "station_groups" USING btree ("owner_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "station_groups_one_default" ON "station_groups" USING btree ("owner_id") WHERE "station_groups"."is_default";--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE set null ON UPDATE no action;