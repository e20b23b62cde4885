-- Issue 17 "Positions" (docs/decisions/0025-trade-protection.md): take-profit and stop-loss on a
-- position, what closed a trade, and the closed part of a partially closed position as its own row.
ALTER TABLE "trades" ADD COLUMN "take_profit" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "stop_loss" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "close_reason" text;--> statement-breakpoint
ALTER TABLE "trades" ADD COLUMN "parent_id" bigint;--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_parent_id_trades_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."trades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Trades closed before this version: a liquidation, or the trader's own close.
UPDATE "trades" SET "close_reason" = CASE WHEN "status" = 'liquidated' THEN 'liquidation' ELSE 'manual' END
WHERE "status" IN ('closed', 'liquidated');--> statement-breakpoint
ALTER TABLE "trades" ADD CONSTRAINT "trades_close_reason_check" CHECK ("trades"."close_reason" is null or "trades"."close_reason" in ('manual', 'take_profit', 'stop_loss', 'liquidation'));--> statement-breakpoint
-- The risk engine's trigger indexes: the open positions a price crosses, by coin, side and trigger.
CREATE INDEX "trades_take_profit_idx" ON "trades" USING btree ("coin","trade_type","take_profit") WHERE "trades"."status" = 'open' and "trades"."take_profit" is not null;--> statement-breakpoint
CREATE INDEX "trades_stop_loss_idx" ON "trades" USING btree ("coin","trade_type","stop_loss") WHERE "trades"."status" = 'open' and "trades"."stop_loss" is not null;--> statement-breakpoint
CREATE INDEX "trades_parent_idx" ON "trades" USING btree ("parent_id") WHERE "trades"."parent_id" is not null;
