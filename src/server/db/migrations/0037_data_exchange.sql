CREATE TABLE "fhir_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'queued' NOT NULL,
	"patients_total" integer DEFAULT 0 NOT NULL,
	"patients_done" integer DEFAULT 0 NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "fhir_exports_status_check" CHECK ("fhir_exports"."status" in ('queued', 'running', 'done', 'failed')),
	CONSTRAINT "fhir_exports_progress_check" CHECK ("fhir_exports"."patients_done" between 0 and "fhir_exports"."patients_total")
);
--> statement-breakpoint
CREATE TABLE "record_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"pdf_key" text,
	"bundle_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	CONSTRAINT "record_copies_status_check" CHECK ("record_copies"."status" in ('preparing', 'ready', 'failed')),
	CONSTRAINT "record_copies_ready_check" CHECK ("record_copies"."status" <> 'ready' or ("record_copies"."pdf_key" is not null and "record_copies"."bundle_key" is not null))
);
--> statement-breakpoint
ALTER TABLE "clinic_features" ADD COLUMN "data_exchange" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fhir_exports" ADD CONSTRAINT "fhir_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_copies" ADD CONSTRAINT "record_copies_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_copies_patient_idx" ON "record_copies" USING btree ("patient_id","created_at");