-- Withdrawal protection and locks (issue 16, docs/security.md "## Locks" and "## Withdrawal
-- protection and anti-phishing"): wrong passwords and codes counted per account, the locks and
-- 24-hour withdrawal cooldowns they start, the withdrawal address book, the whitelist switch and
-- the anti-phishing code.
CREATE TABLE "security_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_failures_kind" CHECK ("security_failures"."kind" in ('login-password', 'transaction-password', 'two-factor'))
);
--> statement-breakpoint
CREATE TABLE "account_locks" (
	"user_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"scope" text NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_locks_pkey" PRIMARY KEY("user_id","reason"),
	CONSTRAINT "account_locks_scope" CHECK ("account_locks"."scope" in ('sign-in', 'withdrawal'))
);
--> statement-breakpoint
CREATE TABLE "withdrawal_addresses" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"address" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_security_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"whitelist_enabled" boolean DEFAULT false NOT NULL,
	"anti_phishing_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "security_failures" ADD CONSTRAINT "security_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_locks" ADD CONSTRAINT "account_locks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_addresses" ADD CONSTRAINT "withdrawal_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_security_settings" ADD CONSTRAINT "user_security_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "security_failures_user_kind_idx" ON "security_failures" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawal_addresses_user_address_key" ON "withdrawal_addresses" USING btree ("user_id","currency","address");
