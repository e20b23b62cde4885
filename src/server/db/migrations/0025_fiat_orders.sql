-- Legal-currency (fiat) orders handled by staff (docs/decisions/0054-fiat-orders.md): a user buys or sells
-- USDT or ETH for money paid outside the platform; staff post payment instructions, mark it paid, complete
-- or cancel it. A sell holds its coins on the house's `withdrawals` account from placing to its end.
CREATE TABLE "fiat_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"side" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"instructions" text,
	"handled_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fiat_orders_side" CHECK ("fiat_orders"."side" in ('buy', 'sell')),
	CONSTRAINT "fiat_orders_currency" CHECK ("fiat_orders"."currency" in ('USDT', 'ETH')),
	CONSTRAINT "fiat_orders_status" CHECK ("fiat_orders"."status" in ('pending', 'instructions_posted', 'paid', 'completed', 'cancelled')),
	CONSTRAINT "fiat_orders_amount_positive" CHECK ("fiat_orders"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "fiat_orders" ADD CONSTRAINT "fiat_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiat_orders" ADD CONSTRAINT "fiat_orders_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fiat_orders_user_idx" ON "fiat_orders" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "fiat_orders_open_idx" ON "fiat_orders" USING btree ("id") WHERE "fiat_orders"."status" not in ('completed', 'cancelled');
