-- Wrong second factors at sign-in count toward a sign-in lock of their own (docs/security.md "## Locks",
-- docs/decisions/0046-sign-in-code-lock.md): a new kind of security failure, 'sign-in-code'.
-- Numbered by its decision record, like the other migrations of this round (no clash when merged).
ALTER TABLE "security_failures" DROP CONSTRAINT "security_failures_kind";
--> statement-breakpoint
ALTER TABLE "security_failures" ADD CONSTRAINT "security_failures_kind" CHECK ("security_failures"."kind" in ('login-password', 'sign-in-code', 'transaction-password', 'two-factor'));
