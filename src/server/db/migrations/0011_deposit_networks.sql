-- Deposit networks (issue 23, docs/architecture.md "## Deposit networks", docs/decisions/0028): the
-- network a deposit request names and the transaction hash it paid with. A hash is written in its
-- canonical form (lower case; ERC20 with its 0x), so its last 64 characters are the hash itself on
-- every network: at most one deposit that is not rejected may carry it, whoever sent it.
ALTER TABLE "transactions" ADD COLUMN "network" text;
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "tx_hash" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_deposit_tx_hash_key" ON "transactions" USING btree (right("tx_hash", 64)) WHERE "transactions"."tx_hash" is not null and "transactions"."status" <> 'cancel';
