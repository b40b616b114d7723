ALTER TABLE "telemetry_5min" ADD COLUMN "wh_pos" double precision;--> statement-breakpoint
ALTER TABLE "telemetry_5min" ADD COLUMN "wh_neg" double precision;--> statement-breakpoint
CREATE INDEX "telemetry_5min_e_in" ON "telemetry_5min" USING btree ("device_id","bucket") WHERE e_in_max IS NOT NULL;--> statement-breakpoint
CREATE INDEX "telemetry_5min_e_out" ON "telemetry_5min" USING btree ("device_id","bucket") WHERE e_out_max IS NOT NULL;