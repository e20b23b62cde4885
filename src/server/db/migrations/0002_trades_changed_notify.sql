-- Tells every server instance that a user's trades changed (opened, filled, closed, liquidated,
-- cancelled), so their per-process copies of the user's live trades are dropped at once
-- (db/change-feed.ts). Sent at commit; a rolled-back change sends nothing.
CREATE FUNCTION notify_trades_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('trades_changed', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('trades_changed', NEW.user_id::text);
    IF TG_OP = 'UPDATE' AND OLD.user_id <> NEW.user_id THEN
      PERFORM pg_notify('trades_changed', OLD.user_id::text);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER trades_changed_notify
  AFTER INSERT OR UPDATE OR DELETE ON trades
  FOR EACH ROW EXECUTE FUNCTION notify_trades_changed();
