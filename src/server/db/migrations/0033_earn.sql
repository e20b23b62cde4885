-- Earn, lock-up subscriptions (docs/decisions/0052-earn.md): the three products of SPEC section 3
-- (staff may close, reopen and change the yield of each), the users' orders, and the house account
-- `earn_yield` that pays the yield (a customer's locked principal is on their `earn` account).
CREATE TABLE "lockup_products" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"min_amount" numeric(38, 18) NOT NULL,
	"max_amount" numeric(38, 18) NOT NULL,
	"yield_percent" numeric(38, 18) NOT NULL,
	"days" integer NOT NULL,
	"open" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lockup_products_range" CHECK ("lockup_products"."min_amount" > 0 and "lockup_products"."max_amount" >= "lockup_products"."min_amount"),
	CONSTRAINT "lockup_products_yield" CHECK ("lockup_products"."yield_percent" >= 0 and "lockup_products"."yield_percent" <= 100),
	CONSTRAINT "lockup_products_days" CHECK ("lockup_products"."days" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "lockup_products_name_key" ON "lockup_products" USING btree ("name");--> statement-breakpoint
INSERT INTO "lockup_products" ("id", "name", "min_amount", "max_amount", "yield_percent", "days") VALUES
	(1, 'Pro 15', 200, 10000, 5, 15),
	(2, 'Pro 30', 500, 20000, 10, 30),
	(3, 'Pro 60', 1000, 50000, 15, 60);--> statement-breakpoint
CREATE TABLE "lockup_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"product_id" integer NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"yield_percent" numeric(38, 18) NOT NULL,
	"days" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"matures_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"yield_paid" numeric(38, 18),
	CONSTRAINT "lockup_orders_amount_positive" CHECK ("lockup_orders"."amount" > 0),
	CONSTRAINT "lockup_orders_status" CHECK ("lockup_orders"."status" in ('active', 'matured', 'redeemed')),
	CONSTRAINT "lockup_orders_settled" CHECK (("lockup_orders"."status" = 'active') = ("lockup_orders"."settled_at" is null))
);
--> statement-breakpoint
ALTER TABLE "lockup_orders" ADD CONSTRAINT "lockup_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lockup_orders" ADD CONSTRAINT "lockup_orders_product_id_lockup_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."lockup_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lockup_orders_user_idx" ON "lockup_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "lockup_orders_due_idx" ON "lockup_orders" USING btree ("matures_at") WHERE "lockup_orders"."status" = 'active';--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_owner";--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_owner" CHECK (("accounts"."user_id" is null) = ("accounts"."wallet" in ('deposits', 'withdrawals', 'margin', 'fees', 'trading', 'insurance', 'spot', 'spot_holds', 'promotions', 'demo', 'earn_yield')));
