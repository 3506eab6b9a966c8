-- The activity log is evidence: no route, and no mistaken query, may rewrite or erase it.
CREATE OR REPLACE FUNCTION activity_log_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'activity_log is append-only';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER activity_log_append_only
  BEFORE UPDATE OR DELETE ON activity_log
  FOR EACH ROW EXECUTE FUNCTION activity_log_refuse_change();
