-- Custody's outgoing half (docs/architecture.md "Custody", docs/decisions/0065): a withdrawal's state on
-- the chain, each sending address's next nonce (a row locked before signing), and every transaction
-- custody signs (withdrawals, sweeps, gas for sweeps) with its raw bytes, stored before it is broadcast.
ALTER TABLE "transactions" ADD COLUMN "chain_status" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "chain_error" text;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_chain_status" CHECK ("transactions"."chain_status" is null or "transactions"."chain_status" in ('queued', 'broadcast', 'confirmed', 'failed'));--> statement-breakpoint
CREATE INDEX "transactions_chain_queue_idx" ON "transactions" USING btree ("chain_status","id") WHERE "transactions"."chain_status" in ('queued', 'broadcast');--> statement-breakpoint
CREATE TABLE "custody_nonces" (
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"next_nonce" integer NOT NULL,
	CONSTRAINT "custody_nonces_chain_address_pk" PRIMARY KEY("chain","address")
);
--> statement-breakpoint
CREATE TABLE "custody_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"kind" text NOT NULL,
	"transaction_id" bigint,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"nonce" integer NOT NULL,
	"raw_tx" text NOT NULL,
	"tx_hash" text NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"network_fee" numeric(38, 18),
	"block_number" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custody_sends_kind" CHECK ("custody_sends"."kind" in ('withdrawal', 'sweep', 'gas')),
	CONSTRAINT "custody_sends_status" CHECK ("custody_sends"."status" in ('signed', 'broadcast', 'confirmed', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "custody_sends" ADD CONSTRAINT "custody_sends_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custody_sends_nonce_key" ON "custody_sends" USING btree ("chain",lower("from_address"),"nonce");--> statement-breakpoint
CREATE UNIQUE INDEX "custody_sends_transaction_key" ON "custody_sends" USING btree ("transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "custody_sends_tx_hash_key" ON "custody_sends" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "custody_sends_open_idx" ON "custody_sends" USING btree ("id") WHERE "custody_sends"."status" in ('signed', 'broadcast');
