-- Bonuses as docs/product.md section 9's tiers promise (issue 23, docs/decisions/0030): a `bonus`
-- transaction's program, the awards that make each tier level pay once per user, and the house
-- account `promotions` the bonuses are paid from.
ALTER TABLE "transactions" ADD COLUMN "bonus_program" text;--> statement-breakpoint
CREATE TABLE "bonus_awards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"program" text NOT NULL,
	"level" numeric(38, 18) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"deposit_id" bigint NOT NULL,
	"transaction_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_awards_amount_positive" CHECK ("bonus_awards"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "bonus_awards" ADD CONSTRAINT "bonus_awards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_awards" ADD CONSTRAINT "bonus_awards_deposit_id_transactions_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_awards" ADD CONSTRAINT "bonus_awards_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_awards_user_program_level_key" ON "bonus_awards" USING btree ("user_id","program","level");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_awards_new_user_once_key" ON "bonus_awards" USING btree ("user_id") WHERE "bonus_awards"."program" = 'new_user';--> statement-breakpoint
CREATE INDEX "bonus_awards_deposit_idx" ON "bonus_awards" USING btree ("deposit_id");--> statement-breakpoint
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_owner";--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_owner" CHECK (("accounts"."user_id" is null) = ("accounts"."wallet" in ('deposits', 'withdrawals', 'margin', 'fees', 'trading', 'insurance', 'spot', 'spot_holds', 'promotions')));
