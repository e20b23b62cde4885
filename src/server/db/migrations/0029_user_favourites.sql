-- Favourite pairs on Markets, kept per user (docs/decisions/0060-markets-and-charts.md).
-- Numbered by the task that added it, like the other migrations of this round (no clash when merged).
CREATE TABLE "user_favourites" (
	"user_id" bigint NOT NULL,
	"symbol" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_favourites_pkey" PRIMARY KEY("user_id","symbol")
);
--> statement-breakpoint
ALTER TABLE "user_favourites" ADD CONSTRAINT "user_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
