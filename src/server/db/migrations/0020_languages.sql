-- Notifications and mails in the user's language (issue 19 "## Languages" and "## Notifications",
-- docs/decisions/0044-notifications-languages.md).
-- users.language: the language the user picked on Home (one of the ten of the picker), so the server
-- writes their mails in it; set by POST /api-v1/user/language/. Existing users read English.
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_known" CHECK ("users"."language" in ('en', 'zh', 'ja', 'ko', 'fr', 'de', 'es', 'it', 'ru', 'pt'));
--> statement-breakpoint
-- notifications.params: the values of the kind's texts (amounts, coin, reason...), so the web and the
-- mail render its title and body in any language from kind + params (shared/api/notifications.ts).
-- Null on rows written before: they show their stored English title and body.
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;
