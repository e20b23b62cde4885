-- Bonus locks (docs/decisions/0047): a user's bonuses wait on their `bonus` account until the
-- turnover is traded; one open lock per user, with the newest trade and spot order ids when it opened.
CREATE TABLE "bonus_locks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"trades_after" bigint NOT NULL,
	"spot_orders_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	"released_amount" numeric(38, 18)
);
--> statement-breakpoint
ALTER TABLE "bonus_locks" ADD CONSTRAINT "bonus_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_locks_open_key" ON "bonus_locks" USING btree ("user_id") WHERE "bonus_locks"."released_at" is null;
