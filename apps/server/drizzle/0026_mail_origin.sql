ALTER TABLE "mail_outbox" ADD COLUMN "origin" text;--> statement-breakpoint
-- Mails queued before the column: a push delivery links to its mail.
UPDATE "mail_outbox" SET "origin" = 'push' WHERE "id" IN (SELECT "mail_id" FROM "push_deliveries" WHERE "mail_id" IS NOT NULL);
