ALTER TABLE "plan_orders" ADD COLUMN "invoice_name" text;--> statement-breakpoint
ALTER TABLE "plan_orders" ADD COLUMN "invoice_id_number" text;