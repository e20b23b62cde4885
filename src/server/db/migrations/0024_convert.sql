-- Convert quotes (docs/decisions/0053-convert.md): one row per quote, executed at most once; an
-- executed row is the record of its convert (ledger entries ref_type 'convert', ref_id = id).
CREATE TABLE "convert_quotes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"quote_id" text NOT NULL,
	"user_id" bigint NOT NULL,
	"from_currency" text NOT NULL,
	"to_currency" text NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"received" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) NOT NULL,
	"spread_bps" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"executed_at" timestamp with time zone,
	CONSTRAINT "convert_quotes_amount_positive" CHECK ("convert_quotes"."amount" > 0),
	CONSTRAINT "convert_quotes_received_positive" CHECK ("convert_quotes"."received" > 0),
	CONSTRAINT "convert_quotes_two_coins" CHECK ("convert_quotes"."from_currency" <> "convert_quotes"."to_currency")
);
--> statement-breakpoint
ALTER TABLE "convert_quotes" ADD CONSTRAINT "convert_quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "convert_quotes_quote_id_key" ON "convert_quotes" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "convert_quotes_user_idx" ON "convert_quotes" USING btree ("user_id","id");
