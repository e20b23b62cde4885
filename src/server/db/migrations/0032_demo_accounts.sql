-- Demo accounts (docs/decisions/0063-demo-accounts.md): a user row flagged demo, optionally the twin of a
-- real account, retired after inactivity; and the one house account of demo money, apart from the books.
ALTER TABLE "users" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "demo_of" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "demo_ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_demo_of_users_id_fk" FOREIGN KEY ("demo_of") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_demo_of_is_demo" CHECK ("users"."demo_of" is null or "users"."is_demo");--> statement-breakpoint
CREATE UNIQUE INDEX "users_live_demo_twin_key" ON "users" USING btree ("demo_of") WHERE "users"."demo_of" is not null and "users"."demo_ended_at" is null;--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_owner";--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_owner" CHECK (("accounts"."user_id" is null) = ("accounts"."wallet" in ('deposits', 'withdrawals', 'margin', 'fees', 'trading', 'insurance', 'spot', 'spot_holds', 'promotions', 'demo')));
