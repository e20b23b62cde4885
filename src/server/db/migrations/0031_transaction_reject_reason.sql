-- Staff's reason for rejecting a deposit or withdrawal, shown to its owner on the record and in the
-- notification (docs/decisions/0062-money-screens.md). Null: not rejected, or rejected without one
-- (SPEC's {action} body stays valid).
ALTER TABLE "transactions" ADD COLUMN "reject_reason" text;
--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_reject_reason_length" CHECK (char_length("reject_reason") <= 500);
