-- Custody on an EVM chain (docs/architecture.md "Custody", docs/decisions/0056, 0057): each user's
-- deposit address by its derivation index, the watcher's cursor, and every transfer the watcher saw,
-- credited once per (chain, transaction hash, log index).
CREATE TABLE "custody_addresses" (
	"user_id" bigint NOT NULL,
	"family" text NOT NULL,
	"derivation_index" integer NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custody_addresses_user_id_family_pk" PRIMARY KEY("user_id","family"),
	CONSTRAINT "custody_addresses_index_range" CHECK ("custody_addresses"."derivation_index" between 0 and 2147483647)
);
--> statement-breakpoint
CREATE SEQUENCE "custody_address_index_seq" START WITH 1 MINVALUE 1 MAXVALUE 2147483647;--> statement-breakpoint
CREATE TABLE "custody_cursors" (
	"chain" text PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custody_deposits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"user_id" bigint NOT NULL,
	"address" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"transaction_id" bigint,
	"credited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "custody_addresses" ADD CONSTRAINT "custody_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_deposits" ADD CONSTRAINT "custody_deposits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custody_deposits" ADD CONSTRAINT "custody_deposits_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custody_addresses_index_key" ON "custody_addresses" USING btree ("family","derivation_index");--> statement-breakpoint
CREATE UNIQUE INDEX "custody_addresses_address_key" ON "custody_addresses" USING btree ("family",lower("address"));--> statement-breakpoint
CREATE UNIQUE INDEX "custody_deposits_transfer_key" ON "custody_deposits" USING btree ("chain","tx_hash","log_index");--> statement-breakpoint
CREATE UNIQUE INDEX "custody_deposits_transaction_key" ON "custody_deposits" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "custody_deposits_uncredited_idx" ON "custody_deposits" USING btree ("chain","block_number") WHERE "custody_deposits"."credited_at" is null;--> statement-breakpoint
CREATE INDEX "custody_deposits_user_idx" ON "custody_deposits" USING btree ("user_id","id");
