-- The FAQ bot in the user's language, and its conversations for the staff desk
-- (docs/decisions/0064-staff-desk-and-language-fit.md). Numbered by the task that added it.
ALTER TABLE "faq_entries" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
CREATE TABLE "faq_exchanges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"question" text NOT NULL,
	"answer" text,
	"topic" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "faq_exchanges" ADD CONSTRAINT "faq_exchanges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "faq_exchanges_user_idx" ON "faq_exchanges" USING btree ("user_id","id");
