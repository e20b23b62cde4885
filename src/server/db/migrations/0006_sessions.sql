-- Sign-in sessions (issue 16): one row per login; the token carries its id (`sid`).
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" bigint NOT NULL,
	"device" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","created_at");
--> statement-breakpoint
-- Tells every server instance that a user's sessions started or ended, so their per-process copies
-- of the user's live sessions (plugins/auth.ts) are dropped and the user's open WebSockets check
-- their token again. last_seen_at alone notifies nothing (it changes once a minute per session).
CREATE FUNCTION notify_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('sessions_changed', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('sessions_changed', NEW.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_changed_notify
  AFTER INSERT OR UPDATE OF ended_at, user_id OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_sessions_changed();
