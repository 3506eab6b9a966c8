ALTER TABLE "appointments" ADD COLUMN "billed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A session is billed while an invoice line or a package use claims it. The claims' own writes keep the
-- marker, in their transaction, whichever code path makes or removes them (checkout, batches, drafts, voids).
CREATE OR REPLACE FUNCTION appointments_billed_follow_claims() RETURNS trigger AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.appointment_id IS NOT NULL THEN
    UPDATE appointments SET billed =
      EXISTS (SELECT 1 FROM invoice_line_items WHERE appointment_id = OLD.appointment_id)
      OR EXISTS (SELECT 1 FROM package_uses WHERE appointment_id = OLD.appointment_id)
    WHERE id = OLD.appointment_id;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.appointment_id IS NOT NULL THEN
    UPDATE appointments SET billed = true WHERE id = NEW.appointment_id AND NOT billed;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER invoice_line_items_mark_billed
  AFTER INSERT OR DELETE OR UPDATE OF appointment_id ON invoice_line_items
  FOR EACH ROW EXECUTE FUNCTION appointments_billed_follow_claims();--> statement-breakpoint
CREATE TRIGGER package_uses_mark_billed
  AFTER INSERT OR DELETE OR UPDATE OF appointment_id ON package_uses
  FOR EACH ROW EXECUTE FUNCTION appointments_billed_follow_claims();--> statement-breakpoint
UPDATE appointments SET billed = true
WHERE EXISTS (SELECT 1 FROM invoice_line_items WHERE appointment_id = appointments.id)
  OR EXISTS (SELECT 1 FROM package_uses WHERE appointment_id = appointments.id);--> statement-breakpoint
DROP INDEX "appointments_completed_starts_idx";--> statement-breakpoint
CREATE INDEX "appointments_unbilled_starts_idx" ON "appointments" USING btree ("starts_at","id","patient_id","practitioner_id","service_type_id") WHERE "appointments"."status" = 'completed' and not "appointments"."billed";
