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
ALTER TABLE "fhir_exports" ADD CONSTRAINT "fhir_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;