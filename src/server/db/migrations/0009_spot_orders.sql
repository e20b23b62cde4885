-- Spot orders (issue 17, docs/decisions/0026-spot-orders.md): the table, its resting index for the
-- per-tick pass, two house accounts (spot: the house's side of every spot fill; spot_holds: what
-- resting orders hold), and a NOTIFY of every change for the orders@user push.
CREATE TABLE "spot_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"coin" text NOT NULL,
	"side" text NOT NULL,
	"order_type" text NOT NULL,
	"quantity" numeric(38, 18) NOT NULL,
	"limit_price" numeric(38, 18),
	"status" text NOT NULL,
	"filled_price" numeric(38, 18),
	"fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"total" numeric(38, 18),
	"held" numeric(38, 18) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"filled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "spot_orders_quantity_positive" CHECK ("spot_orders"."quantity" > 0),
	CONSTRAINT "spot_orders_limit_has_price" CHECK (("spot_orders"."order_type" = 'limit') = ("spot_orders"."limit_price" is not null))
);
--> statement-breakpoint
ALTER TABLE "spot_orders" ADD CONSTRAINT "spot_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "spot_orders_user_status_idx" ON "spot_orders" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "spot_orders_resting_idx" ON "spot_orders" USING btree ("coin","side","limit_price") WHERE "spot_orders"."status" = 'open';--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_owner";--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_owner" CHECK (("accounts"."user_id" is null) = ("accounts"."wallet" in ('deposits', 'withdrawals', 'margin', 'fees', 'trading', 'insurance', 'spot', 'spot_holds')));--> statement-breakpoint
-- Sent at commit (nothing for a rolled-back change): the user's id, as trades_changed does, so
-- every instance's orders@user push (db/change-feed.ts watch) reads that user's open orders again.
CREATE FUNCTION notify_spot_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('spot_orders_changed', NEW.user_id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER spot_orders_changed_notify
  AFTER INSERT OR UPDATE ON spot_orders
  FOR EACH ROW EXECUTE FUNCTION notify_spot_orders_changed();
