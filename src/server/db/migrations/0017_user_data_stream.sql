-- The user data stream (issue 20 "User data stream", docs/decisions/0035-user-data-stream.md):
-- NOTIFYs that let every server instance push a bot's events wherever its stream is connected.
-- Sent at commit; a rolled-back change sends nothing. The payload is the user's id, like
-- spot_orders_changed (0009), so db/change-feed.ts hands it to the watchers of the channel.
--
-- funding_changed: a user's funding wallet moved (any ledger posting: deposit, withdrawal,
-- transfer, bonus, spot fill or hold), for outboundAccountPosition and balanceUpdate. Only for a
-- user holding a live API key (only such a user can have a user data stream): PostgreSQL
-- serialises the commits of notifying transactions, so the money path of everyone else must not
-- pay for it (docs/performance.md "Money").
CREATE FUNCTION notify_funding_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM api_keys k WHERE k.user_id = NEW.user_id AND k.enabled AND k.ended_at IS NULL) THEN
    PERFORM pg_notify('funding_changed', NEW.user_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER accounts_funding_changed_notify
  AFTER INSERT OR UPDATE OF balance ON accounts
  FOR EACH ROW WHEN (NEW.user_id IS NOT NULL AND NEW.wallet = 'funding')
  EXECUTE FUNCTION notify_funding_changed();
--> statement-breakpoint
-- listen_keys_changed: a listen key was kept alive or closed, or an API key was switched off,
-- ended or deleted (its listen keys go with it), so every instance re-checks that user's streams.
CREATE FUNCTION notify_listen_keys_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('listen_keys_changed', COALESCE(NEW.user_id, OLD.user_id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER api_listen_keys_changed_notify
  AFTER UPDATE OR DELETE ON api_listen_keys
  FOR EACH ROW EXECUTE FUNCTION notify_listen_keys_changed();
--> statement-breakpoint
CREATE TRIGGER api_keys_listen_keys_changed_notify
  AFTER UPDATE OF enabled, ended_at OR DELETE ON api_keys
  FOR EACH ROW EXECUTE FUNCTION notify_listen_keys_changed();
