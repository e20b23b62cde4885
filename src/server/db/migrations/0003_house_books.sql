-- Double-entry books (docs/architecture.md section 4): house accounts (user_id null, the name in
-- `wallet`), a posting id on every entry, and trading fees and maintenance-margin liquidation
-- prices on trades. Existing entries are given their house legs here, so the books balance (every
-- posting sums to zero per currency) from the first start of this version.
ALTER TABLE "accounts" DROP CONSTRAINT "accounts_balance_non_negative";--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "posting_id" bigint;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "open_fee" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "close_fee" numeric(38, 18) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "liquidation_price" numeric(38, 18);--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_house_key" ON "accounts" USING btree ("wallet","currency") WHERE "accounts"."user_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_posting_idx" ON "ledger_entries" USING btree ("posting_id");--> statement-breakpoint
CREATE INDEX "trades_liquidation_idx" ON "trades" USING btree ("coin","trade_type","liquidation_price") WHERE "trades"."status" = 'open';--> statement-breakpoint
CREATE INDEX "trades_resting_idx" ON "trades" USING btree ("coin","trade_type","limit_price") WHERE "trades"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_owner" CHECK (("accounts"."user_id" is null) = ("accounts"."wallet" in ('deposits', 'withdrawals', 'margin', 'fees', 'trading', 'insurance')));--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_balance_non_negative" CHECK ("accounts"."user_id" is null or "accounts"."balance" >= 0);--> statement-breakpoint
CREATE SEQUENCE "ledger_postings_seq";--> statement-breakpoint
-- Each old entry is its own posting, except a transfer's two legs, which are one.
UPDATE "ledger_entries" e SET "posting_id" = CASE
  WHEN e.reason = 'transfer' THEN (
    SELECT min(x.id) FROM "ledger_entries" x
    WHERE x.ref_type = e.ref_type AND x.ref_id = e.ref_id AND x.reason = 'transfer')
  ELSE e.id END;--> statement-breakpoint
SELECT setval('ledger_postings_seq', (SELECT coalesce(max(id), 0) + 1 FROM "ledger_entries"), false);--> statement-breakpoint
CREATE TEMPORARY TABLE "house_legs" (
  ord bigint NOT NULL, posting_id bigint NOT NULL, house text NOT NULL, currency text NOT NULL,
  amount numeric(38, 18) NOT NULL, reason text NOT NULL, ref_type text NOT NULL, ref_id bigint NOT NULL,
  created_at timestamptz NOT NULL
) ON COMMIT DROP;--> statement-breakpoint
-- The house side of every old customer entry.
INSERT INTO "house_legs"
SELECT e.id, e.posting_id, h.house, a.currency, h.amount, e.reason, e.ref_type, e.ref_id, e.created_at
FROM "ledger_entries" e
JOIN "accounts" a ON a.id = e.account_id
CROSS JOIN LATERAL (
  SELECT 'deposits' AS house, -e.amount AS amount WHERE e.reason = 'deposit'
  UNION ALL SELECT 'withdrawals', -e.amount WHERE e.reason IN ('withdrawal_hold', 'withdrawal_refund')
  UNION ALL SELECT 'margin', -e.amount WHERE e.reason IN ('trade_margin', 'trade_refund')
  UNION ALL SELECT 'margin', -t.margin FROM "trades" t WHERE e.reason = 'trade_settlement' AND t.id = e.ref_id
  UNION ALL SELECT 'trading', t.margin - e.amount FROM "trades" t WHERE e.reason = 'trade_settlement' AND t.id = e.ref_id
) h
WHERE a.user_id IS NOT NULL AND h.amount <> 0;--> statement-breakpoint
-- Completed withdrawals: the held amount leaves the platform, its fee is revenue.
INSERT INTO "house_legs"
SELECT w.pid, w.pid, h.house, w.currency, h.amount, 'withdrawal_sent', 'transaction', w.id, coalesce(w.decided_at, w.created_at)
FROM (SELECT nextval('ledger_postings_seq') AS pid, t.* FROM "transactions" t
      WHERE t.type = 'withdrawal' AND t.status = 'successful' ORDER BY t.id) w
CROSS JOIN LATERAL (
  SELECT 'withdrawals' AS house, -w.amount AS amount
  UNION ALL SELECT 'deposits', w.amount - w.fee
  UNION ALL SELECT 'fees', w.fee
) h
WHERE h.amount <> 0;--> statement-breakpoint
-- Closed or liquidated trades that paid nothing back: their whole margin went to the house.
INSERT INTO "house_legs"
SELECT s.pid, s.pid, h.house, 'USDT', h.amount, 'trade_settlement', 'trade', s.id, coalesce(s.closed_at, s.created_at)
FROM (SELECT nextval('ledger_postings_seq') AS pid, t.* FROM "trades" t
      WHERE t.status IN ('closed', 'liquidated')
        AND NOT EXISTS (SELECT 1 FROM "ledger_entries" e
                        WHERE e.ref_type = 'trade' AND e.ref_id = t.id AND e.reason = 'trade_settlement')
      ORDER BY t.id) s
CROSS JOIN LATERAL (SELECT 'margin' AS house, -s.margin AS amount UNION ALL SELECT 'trading', s.margin) h
WHERE h.amount <> 0;--> statement-breakpoint
INSERT INTO "accounts" ("user_id", "wallet", "currency")
SELECT DISTINCT NULL::bigint, house, currency FROM "house_legs"
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "ledger_entries" ("account_id", "posting_id", "amount", "balance_after", "reason", "ref_type", "ref_id", "created_at")
SELECT a.id, l.posting_id, l.amount,
       sum(l.amount) OVER (PARTITION BY a.id ORDER BY l.ord, l.posting_id, l.house ROWS UNBOUNDED PRECEDING),
       l.reason, l.ref_type, l.ref_id, l.created_at
FROM "house_legs" l
JOIN "accounts" a ON a.user_id IS NULL AND a.wallet = l.house AND a.currency = l.currency
ORDER BY l.ord, l.posting_id, l.house;--> statement-breakpoint
UPDATE "accounts" a SET "balance" = s.total
FROM (SELECT account_id, sum(amount) AS total FROM "ledger_entries" GROUP BY account_id) s
WHERE a.id = s.account_id AND a.user_id IS NULL;--> statement-breakpoint
ALTER TABLE "ledger_entries" ALTER COLUMN "posting_id" SET NOT NULL;--> statement-breakpoint
-- Open positions get the maintenance-margin liquidation price of the default rate (0.5 %), rounded
-- away from the entry as shared/money.ts liquidationPrice does.
UPDATE "trades" SET "liquidation_price" = CASE
  WHEN trade_type = 'buy' THEN greatest(floor((entry_price - margin / hands) / (1 - 0.005) * 100000000) / 100000000, 0)
  ELSE ceil((entry_price + margin / hands) / (1 + 0.005) * 100000000) / 100000000 END
WHERE status = 'open';
