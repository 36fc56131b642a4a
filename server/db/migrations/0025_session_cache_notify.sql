-- Every instance keeps the sessions it has just checked for a few seconds (server/auth/session-cache.ts) and
-- forgets them when told, on the live channel, that they changed. These triggers do the telling, so every
-- way a session or a user changes (sign-out, deactivation, a role change, the retention job, a manual fix in
-- psql) reaches every instance, and only once the change has committed (NOTIFY is sent at commit).
-- Payloads stay under NOTIFY's 8000 bytes: at most 100 session ids (64 hex characters each) per message.
CREATE FUNCTION sessions_notify() RETURNS trigger LANGUAGE plpgsql
  AS $$
  DECLARE
    ids text[];
  BEGIN
    FOR ids IN
      SELECT array_agg(id) FROM (SELECT id, (row_number() OVER () - 1) / 100 AS chunk FROM changed_sessions) s
      GROUP BY chunk
    LOOP
      PERFORM pg_notify('ukds_live', json_build_object(
        -- Ended sessions also close their event streams (server/routes/events.ts); a changed one (touched,
        -- or its timeouts edited) is only read afresh.
        'topic', CASE TG_OP WHEN 'DELETE' THEN 'session_ended' ELSE 'session_changed' END,
        'sessionIds', ids)::text);
    END LOOP;
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_ended AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS changed_sessions FOR EACH STATEMENT EXECUTE FUNCTION sessions_notify();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_changed AFTER UPDATE ON sessions
  REFERENCING NEW TABLE AS changed_sessions FOR EACH STATEMENT EXECUTE FUNCTION sessions_notify();
--> statement-breakpoint
-- What a session carries of its user: name, e-mail, role, the orderer flag and whether they may sign in.
CREATE FUNCTION users_notify_changed() RETURNS trigger LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM pg_notify('ukds_live', json_build_object('topic', 'user_changed', 'userId', NEW.id)::text);
    RETURN NULL;
  END $$;
--> statement-breakpoint
CREATE TRIGGER users_notify_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.email IS DISTINCT FROM NEW.email
    OR OLD.role IS DISTINCT FROM NEW.role OR OLD.is_orderer IS DISTINCT FROM NEW.is_orderer
    OR OLD.active IS DISTINCT FROM NEW.active)
  EXECUTE FUNCTION users_notify_changed();
