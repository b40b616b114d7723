CREATE TABLE "friendships" (
	"id" serial PRIMARY KEY NOT NULL,
	"requester_id" integer NOT NULL,
	"addressee_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "station_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"super_id" integer NOT NULL,
	"sub_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"asked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "station_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"owner_id" integer NOT NULL,
	"viewer_id" integer NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_requester_id_users_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "friendships" ADD CONSTRAINT "friendships_addressee_id_users_id_fk" FOREIGN KEY ("addressee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_links" ADD CONSTRAINT "station_links_super_id_stations_id_fk" FOREIGN KEY ("super_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_links" ADD CONSTRAINT "station_links_sub_id_stations_id_fk" FOREIGN KEY ("sub_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_shares" ADD CONSTRAINT "station_shares_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_shares" ADD CONSTRAINT "station_shares_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_shares" ADD CONSTRAINT "station_shares_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "friendships_live_pair" ON "friendships" USING btree (least("requester_id", "addressee_id"),greatest("requester_id", "addressee_id")) WHERE "friendships"."status" IN (1, 2);--> statement-breakpoint
CREATE INDEX "friendships_addressee" ON "friendships" USING btree ("addressee_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "station_links_live_sub" ON "station_links" USING btree ("sub_id") WHERE "station_links"."status" IN (1, 2);--> statement-breakpoint
CREATE INDEX "station_links_super" ON "station_links" USING btree ("super_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "station_shares_live" ON "station_shares" USING btree ("station_id","viewer_id") WHERE "station_shares"."status" IN (1, 2);--> statement-breakpoint
CREATE INDEX "station_shares_viewer" ON "station_shares" USING btree ("viewer_id","status");