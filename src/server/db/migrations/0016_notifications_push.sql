-- Notifications pushed and mailed (issue 19 "## Notifications", docs/decisions/0034-notifications.md).
-- mailed_at: when the notification's mail was claimed for sending (modules/notifications/mail.ts);
-- null while it still has to go out. Rows written before this migration count as mailed, so nobody
-- gets old news by mail.
ALTER TABLE "notifications" ADD COLUMN "mailed_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "notifications" SET "mailed_at" = "created_at";
--> statement-breakpoint
CREATE INDEX "notifications_unmailed_idx" ON "notifications" USING btree ("user_id") WHERE "mailed_at" IS NULL;
--> statement-breakpoint
-- Tells every server instance that a user's notifications changed (a new one, or one read), so the
-- user's notifications@user.<id> stream is pushed wherever they are connected (db/change-feed.ts).
-- Sent at commit; a rolled-back event sends nothing.
CREATE FUNCTION notify_notifications_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('notifications_changed', NEW.user_id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_changed_notify
  AFTER INSERT OR UPDATE OF read_at ON notifications
  FOR EACH ROW EXECUTE FUNCTION notify_notifications_changed();
