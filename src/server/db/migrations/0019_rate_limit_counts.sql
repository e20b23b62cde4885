-- Rate limits as one budget across instances and workers without Redis (issue 18 "Rate limits are one
-- budget across instances", docs/decisions/0037-shared-rate-limits.md): one row per (route, client)
-- window, counted by an INSERT ... ON CONFLICT DO UPDATE per limited request (plugins/rate-limit-store.ts).
-- UNLOGGED: a count is worth less than the WAL it would cost; a crash empties the table, which only
-- restarts the current minute's windows.
CREATE UNLOGGED TABLE "rate_limit_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_counts_expires_idx" ON "rate_limit_counts" USING btree ("expires_at");
