CREATE TABLE "co2_factors" (
	"country" text PRIMARY KEY NOT NULL,
	"kg_per_kwh" double precision NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_tariffs" (
	"station_id" integer PRIMARY KEY NOT NULL,
	"buy_price" double precision NOT NULL,
	"feed_in_price" double precision NOT NULL,
	"periods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "station_tariffs" ADD CONSTRAINT "station_tariffs_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;