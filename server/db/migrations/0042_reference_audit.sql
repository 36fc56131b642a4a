-- The audit log records every change to reference content (issue 50): the lists (registries, embassies,
-- councils, parishes, courts), articles and their categories, FAQs and their categories, and canned replies.
-- One trigger function for all of them, so a change made by any path (the API, the CLI, the seed, psql) is
-- recorded with what changed: an insert keeps the new row, a delete the old one, an update only the columns
-- that changed (created_at and updated_at left out; an update that changes nothing else is not recorded).
-- Who did it comes from the transaction's own settings, which services/audit/record.ts `asActor` sets
-- (set_config(..., true): that transaction only); a change made outside it is recorded with no actor.
CREATE FUNCTION audit_reference_change() RETURNS trigger LANGUAGE plpgsql
  AS $$
  DECLARE
    old_row jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) - 'created_at' - 'updated_at' END;
    new_row jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) - 'created_at' - 'updated_at' END;
    shown jsonb := coalesce(new_row, old_row);
    before_part jsonb := old_row;
    after_part jsonb := new_row;
    field text;
    label text;
  BEGIN
    IF TG_OP = 'UPDATE' THEN
      before_part := '{}'::jsonb;
      after_part := '{}'::jsonb;
      FOR field IN SELECT jsonb_object_keys(new_row) LOOP
        IF old_row -> field IS DISTINCT FROM new_row -> field THEN
          before_part := before_part || jsonb_build_object(field, old_row -> field);
          after_part := after_part || jsonb_build_object(field, new_row -> field);
        END IF;
      END LOOP;
      IF after_part = '{}'::jsonb THEN
        RETURN NULL;
      END IF;
    END IF;
    label := left(coalesce(shown ->> 'name', shown ->> 'title', shown ->> 'question', '#' || (shown ->> 'id')), 200);
    INSERT INTO audit_events (kind, actor_id, ip, user_agent, target_type, target_id, summary, before, after)
    VALUES (
      CASE TG_OP WHEN 'INSERT' THEN 'reference.created' WHEN 'UPDATE' THEN 'reference.updated' ELSE 'reference.deleted' END,
      nullif(current_setting('ukds.actor_id', true), '')::integer,
      nullif(current_setting('ukds.actor_ip', true), ''),
      nullif(current_setting('ukds.actor_user_agent', true), ''),
      'reference',
      TG_TABLE_NAME || ':' || (shown ->> 'id'),
      CASE TG_OP WHEN 'INSERT' THEN 'Added to ' WHEN 'UPDATE' THEN 'Changed in ' ELSE 'Deleted from ' END
        || replace(TG_TABLE_NAME, '_', ' ') || ': ' || label,
      before_part,
      after_part
    );
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER registries_audit AFTER INSERT OR UPDATE OR DELETE ON "registries"
  FOR EACH ROW EXECUTE FUNCTION audit_reference_change();
--> statement-breakpoint
CREATE TRIGGER embassies_audit AFTER INSERT OR UPDATE OR DELETE ON "embassies"
  FOR EACH ROW EXECUTE FUNCTION audit_reference_change();
--> statement-breakpoint
CREATE TRIGGER councils_audit AFTER INSERT OR UPDATE OR DELETE ON "councils"
  FOR EACH ROW EXECUTE FUNCTION audit_reference_change();
--> statement-breakpoint
CREATE TRIGGER parishes_audit AFTER INSERT OR UPDATE OR DELETE ON "parishes"
  FOR EACH ROW EXECUTE FUNCTION audit_reference_change();
--> statement-breakpoint
CREATE TRIGGER courts_audit AFTER INSERT OR UPDATE OR DELETE ON "courts"
  FOR EACH ROW EXECUTE FUNCTION audit_reference_change();
--> statement-breakpoint
CREATE TRIGGER articles_audit AFTER INSERT OR UPDATE OR DELETE ON "articles"
  FOR EACH ROW EXECUTE FUNCTION audit_reference_change();
--> statement-breakpoint
CREATE TRIGGER article_categories_audit AFTER INSERT OR UPDATE OR DELETE ON "article_categories"
  FOR EACH ROW EXECUTE FUNCTION audit_reference_change();
--> statement-breakpoint
CREATE TRIGGER faq_categories_audit AFTER INSERT OR UPDATE OR DELETE ON "faq_categories"
  FOR EACH ROW EXECUTE FUNCTION audit_reference_change();
--> statement-breakpoint
CREATE TRIGGER faqs_audit AFTER INSERT OR UPDATE OR DELETE ON "faqs"
  FOR EACH ROW EXECUTE FUNCTION audit_reference_change();
--> statement-breakpoint
CREATE TRIGGER canned_replies_audit AFTER INSERT OR UPDATE OR DELETE ON "canned_replies"
  FOR EACH ROW EXECUTE FUNCTION audit_reference_change();
