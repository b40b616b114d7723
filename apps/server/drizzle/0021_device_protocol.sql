ALTER TABLE "devices" ADD COLUMN "protocol" text DEFAULT 'mqtt' NOT NULL;--> statement-breakpoint
-- Chargers that already spoke OCPP (a connector status, a session or a command) are OCPP chargers.
UPDATE "devices" SET "protocol" = 'ocpp' WHERE "device_type" = 'charger' AND (
  EXISTS (SELECT 1 FROM "charger_connectors" c WHERE c."device_id" = "devices"."id")
  OR EXISTS (SELECT 1 FROM "charging_sessions" s WHERE s."device_id" = "devices"."id")
  OR EXISTS (SELECT 1 FROM "charger_commands" k WHERE k."device_id" = "devices"."id"));
