-- Price alerts (docs/decisions/0055-alerts-statements.md): a user's "above", "below" or "moves n % in
-- 24 h" on a pair, fired once when the served price crosses (fired_at set by one conditional UPDATE,
-- so of several instances only one sends the notification).
CREATE TABLE "price_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"condition" text NOT NULL,
	"value" numeric(38, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fired_at" timestamp with time zone,
	"fired_price" numeric(38, 18),
	CONSTRAINT "price_alerts_condition_known" CHECK ("price_alerts"."condition" in ('above', 'below', 'move'))
);
--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "price_alerts_user_idx" ON "price_alerts" USING btree ("user_id","id");
--> statement-breakpoint
CREATE INDEX "price_alerts_waiting_idx" ON "price_alerts" USING btree ("symbol") WHERE "fired_at" IS NULL;
--> statement-breakpoint
-- Tells every instance that a user's alerts changed (set, edited, deleted, fired), so each reloads
-- that user's waiting alerts into its memory (modules/price-alerts/watch.ts). Sent at commit.
CREATE FUNCTION notify_price_alerts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('price_alerts_changed', COALESCE(NEW.user_id, OLD.user_id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER price_alerts_changed_notify
  AFTER INSERT OR UPDATE OR DELETE ON price_alerts
  FOR EACH ROW EXECUTE FUNCTION notify_price_alerts_changed();
