-- Withdrawal networks (issue 23, docs/security.md "## Withdrawal addresses and networks",
-- docs/decisions/0029): the network a withdrawal is sent on (ERC20, TRC20, BTC), checked against its
-- address before the amount is held. The deposit networks (migration 0011) add the same column for
-- deposits; IF NOT EXISTS lets either migration create it. Older rows keep NULL.
ALTER TABLE "transactions" ADD COLUMN IF NOT EXISTS "network" text;
