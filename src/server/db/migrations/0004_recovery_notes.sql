CREATE TABLE "recovery_note_amendments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"note_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"changes" jsonb NOT NULL,
	"previous" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_note_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"subjective" text DEFAULT '' NOT NULL,
	"objective" text DEFAULT '' NOT NULL,
	"assessment" text DEFAULT '' NOT NULL,
	"plan" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "recovery_note_templates_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "recovery_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"appointment_id" uuid,
	"subjective" text DEFAULT '' NOT NULL,
	"objective" text DEFAULT '' NOT NULL,
	"assessment" text DEFAULT '' NOT NULL,
	"plan" text DEFAULT '' NOT NULL,
	"pain_score" smallint,
	"goals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"signed_at" timestamp with time zone,
	"signed_by" uuid,
	"shared_with_patient" boolean DEFAULT false NOT NULL,
	"shared_at" timestamp with time zone,
	"amendment_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recovery_notes_status_check" CHECK ("recovery_notes"."status" in ('draft', 'signed')),
	CONSTRAINT "recovery_notes_pain_score_check" CHECK ("recovery_notes"."pain_score" between 0 and 10),
	CONSTRAINT "recovery_notes_signed_check" CHECK ("recovery_notes"."status" = 'draft' or "recovery_notes"."signed_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "recovery_note_amendments" ADD CONSTRAINT "recovery_note_amendments_note_id_recovery_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."recovery_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_note_amendments" ADD CONSTRAINT "recovery_note_amendments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_notes" ADD CONSTRAINT "recovery_notes_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_notes" ADD CONSTRAINT "recovery_notes_practitioner_id_users_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_notes" ADD CONSTRAINT "recovery_notes_signed_by_users_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recovery_note_amendments_note_idx" ON "recovery_note_amendments" USING btree ("note_id","created_at");--> statement-breakpoint
CREATE INDEX "recovery_notes_created_idx" ON "recovery_notes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "recovery_notes_patient_created_idx" ON "recovery_notes" USING btree ("patient_id","created_at","id");--> statement-breakpoint
CREATE INDEX "recovery_notes_practitioner_created_idx" ON "recovery_notes" USING btree ("practitioner_id","created_at","id");--> statement-breakpoint
-- The clinic's first templates, so every installation starts with them; staff may add more later.
INSERT INTO recovery_note_templates (id, name, sort_order, subjective, objective, assessment, plan) VALUES
  ('6f1c2a4e-0001-4c7a-9a51-3e8d2b7c0a01', 'Initial assessment', 1,
   E'Presenting complaint:\nHistory of the condition:\nAggravating and easing factors:\nPatient''s goals:',
   E'Observation:\nRange of motion:\nStrength:\nSpecial tests:',
   E'Working diagnosis:\nContributing factors:\nPrognosis:',
   E'Treatment today:\nHome exercise programme:\nFrequency and duration of care:\nNext review:'),
  ('6f1c2a4e-0002-4c7a-9a51-3e8d2b7c0a02', 'Follow-up', 2,
   E'Changes since the last session:\nAdherence to the home programme:',
   E'Re-measured findings:',
   E'Progress towards goals:',
   E'Treatment today:\nChanges to the programme:\nNext session:'),
  ('6f1c2a4e-0003-4c7a-9a51-3e8d2b7c0a03', 'Discharge', 3,
   E'Patient''s report at discharge:',
   E'Final measurements:',
   E'Goals met and outstanding:\nReason for discharge:',
   E'Self-management plan:\nWhen to return:')
ON CONFLICT (name) DO NOTHING;
