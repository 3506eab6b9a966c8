-- Trigram indexes make "contains" searches of names, emails and phones fast on large lists. PostgreSQL
-- ships pg_trgm as a trusted contrib extension; the embedded database loads its build of it (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "patients" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"date_of_birth" date,
	"sex" text,
	"gender" text,
	"phone" text,
	"address_line1" text,
	"address_line2" text,
	"city" text,
	"region" text,
	"postal_code" text,
	"country" text,
	"emergency_contact_name" text,
	"emergency_contact_relationship" text,
	"emergency_contact_phone" text,
	"insurance_provider" text,
	"insurance_policy_number" text,
	"insurance_group_number" text,
	"medical_history" text,
	"allergies" text,
	"medications" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "patients_status_check" CHECK ("patients"."status" in ('active', 'inactive', 'discharged'))
);
--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_created_idx" ON "patients" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE INDEX "patients_status_created_idx" ON "patients" USING btree ("status","created_at","user_id");--> statement-breakpoint
CREATE INDEX "patients_phone_trgm_idx" ON "patients" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_patient_name_idx" ON "users" USING btree (lower("last_name"),lower("first_name"),"id") WHERE "users"."role" = 'patient';--> statement-breakpoint
CREATE INDEX "users_patient_search_trgm_idx" ON "users" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops) WHERE "users"."role" = 'patient';--> statement-breakpoint
-- Every patient account has a record: made here whenever an account is created as, or becomes, a patient,
-- so registration, staff, the CLI and the seed need not each remember to.
CREATE OR REPLACE FUNCTION patients_ensure_record() RETURNS trigger AS $$
BEGIN
  IF NEW.role = 'patient' THEN
    INSERT INTO patients (user_id) VALUES (NEW.id) ON CONFLICT (user_id) DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_patient_record
  AFTER INSERT OR UPDATE OF role ON users
  FOR EACH ROW EXECUTE FUNCTION patients_ensure_record();
--> statement-breakpoint
-- Patients who registered before records existed; their record starts when their account did.
INSERT INTO patients (user_id, created_at, updated_at)
  SELECT id, created_at, created_at FROM users WHERE role = 'patient'
  ON CONFLICT (user_id) DO NOTHING;
