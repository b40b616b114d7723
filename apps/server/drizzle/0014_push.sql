CREATE TABLE "alarm_push_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alarm_push_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"alarm_id" bigint NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_account_bindings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"openid" text NOT NULL,
	"bound_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_account_bindings_openid_unique" UNIQUE("openid")
);
--> statement-breakpoint
CREATE TABLE "push_account_scenes" (
	"scene" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "push_app_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_app_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "push_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "push_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"dedupe_key" text NOT NULL,
	"user_id" integer NOT NULL,
	"rule_id" integer,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"reason" text,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"station_id" integer,
	"alarm_id" bigint,
	"message" jsonb NOT NULL,
	"mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "push_deliveries_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "push_mailboxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"email" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"channels" text[] NOT NULL,
	"station_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"device_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"alarm_levels" text[] DEFAULT '{}'::text[] NOT NULL,
	"notify_cleared" boolean DEFAULT false NOT NULL,
	"period" text,
	"push_time" text,
	"receive_language_id" integer NOT NULL,
	"mailbox_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"quiet_from" text,
	"quiet_to" text,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_period" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachment_name" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachment" "bytea";--> statement-breakpoint
ALTER TABLE "alarm_push_events" ADD CONSTRAINT "alarm_push_events_alarm_id_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_account_bindings" ADD CONSTRAINT "push_account_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_account_scenes" ADD CONSTRAINT "push_account_scenes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_app_subscriptions" ADD CONSTRAINT "push_app_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_rule_id_push_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."push_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_deliveries" ADD CONSTRAINT "push_deliveries_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_mailboxes" ADD CONSTRAINT "push_mailboxes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_rules" ADD CONSTRAINT "push_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "push_app_subscriptions_user" ON "push_app_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_deliveries_user" ON "push_deliveries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "push_deliveries_channel_status" ON "push_deliveries" USING btree ("channel","status");--> statement-breakpoint
CREATE UNIQUE INDEX "push_mailboxes_user_email" ON "push_mailboxes" USING btree ("user_id",lower("email"));--> statement-breakpoint
CREATE INDEX "push_rules_user" ON "push_rules" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_rules_kind" ON "push_rules" USING btree ("kind");--> statement-breakpoint
-- Issue 20: every alarm raised or cleared, by whatever path (device codes, communication loss, threshold
-- rules), leaves an event for the alarm-push job in the same transaction, and wakes the listening
-- processes. An alarm that is raised already cleared (both in one batch) is pushed as raised only.
CREATE FUNCTION alarm_push_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO alarm_push_events (alarm_id, event) VALUES (NEW.id, 'raised');
  ELSIF OLD.cleared_at IS NULL AND NEW.cleared_at IS NOT NULL THEN
    INSERT INTO alarm_push_events (alarm_id, event) VALUES (NEW.id, 'cleared');
  ELSE
    RETURN NULL;
  END IF;
  PERFORM pg_notify('alarm_push', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER alarms_push_insert AFTER INSERT ON alarms FOR EACH ROW EXECUTE FUNCTION alarm_push_event();
--> statement-breakpoint
CREATE TRIGGER alarms_push_clear AFTER UPDATE OF cleared_at ON alarms FOR EACH ROW EXECUTE FUNCTION alarm_push_event();
