CREATE TABLE "idle_sign_out_settings" (
	"id" text PRIMARY KEY DEFAULT 'clinic' NOT NULL,
	"staff_idle_minutes" integer DEFAULT 30 NOT NULL,
	"patient_idle_minutes" integer,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idle_sign_out_settings_single_check" CHECK (id = 'clinic'),
	CONSTRAINT "idle_sign_out_settings_staff_check" CHECK (staff_idle_minutes between 5 and 720),
	CONSTRAINT "idle_sign_out_settings_patient_check" CHECK (patient_idle_minutes is null or patient_idle_minutes between 5 and 10080)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "idle_sign_out_settings" ADD CONSTRAINT "idle_sign_out_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;