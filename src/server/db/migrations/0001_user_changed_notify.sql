-- Tells every server instance that a user's sign-in facts changed (token version, staff flag,
-- names), so their per-process copies of the row (plugins/auth.ts) are dropped at once.
-- Notifications are sent at commit, and not at all for a rolled-back change.
CREATE FUNCTION notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('user_changed', OLD.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_changed_notify
  AFTER UPDATE OF email, first_name, last_name, uniqueid, is_admin, token_version OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
