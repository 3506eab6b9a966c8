CREATE TABLE "check_in_responses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"check_in_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"measure" text NOT NULL,
	"answers" jsonb NOT NULL,
	"score" double precision NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_responses_check_in_id_unique" UNIQUE("check_in_id")
);
--> statement-breakpoint
CREATE TABLE "check_in_schedules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid,
	"service_type_id" uuid,
	"measure" text NOT NULL,
	"trigger" text NOT NULL,
	"interval" smallint,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_in_schedules_owner_check" CHECK (("check_in_schedules"."patient_id" is null) <> ("check_in_schedules"."service_type_id" is null)),
	CONSTRAINT "check_in_schedules_measure_check" CHECK ("check_in_schedules"."measure" in ('nprs', 'psfs', 'lefs', 'spadi')),
	CONSTRAINT "check_in_schedules_trigger_check" CHECK ("check_in_schedules"."trigger" in ('intake', 'every_visits', 'every_weeks', 'discharge')),
	CONSTRAINT "check_in_schedules_interval_check" CHECK (("check_in_schedules"."trigger" in ('every_visits', 'every_weeks')) = ("check_in_schedules"."interval" is not null) and ("check_in_schedules"."interval" is null or "check_in_schedules"."interval" between 1 and 52))
);
--> statement-breakpoint
CREATE TABLE "check_ins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"measure" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"schedule_id" uuid,
	"appointment_id" uuid,
	"requested_by" uuid,
	"occasion" text,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_ins_measure_check" CHECK ("check_ins"."measure" in ('nprs', 'psfs', 'lefs', 'spadi')),
	CONSTRAINT "check_ins_reason_check" CHECK ("check_ins"."reason" in ('sent', 'intake', 'visits', 'weeks', 'discharge')),
	CONSTRAINT "check_ins_status_check" CHECK ("check_ins"."status" in ('due', 'completed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_type_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "check_in_responses" ADD CONSTRAINT "check_in_responses_check_in_id_check_ins_id_fk" FOREIGN KEY ("check_in_id") REFERENCES "public"."check_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_responses" ADD CONSTRAINT "check_in_responses_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_schedules" ADD CONSTRAINT "check_in_schedules_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_schedules" ADD CONSTRAINT "check_in_schedules_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_schedules" ADD CONSTRAINT "check_in_schedules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_schedule_id_check_in_schedules_id_fk" FOREIGN KEY ("schedule_id") REFERENCES "public"."check_in_schedules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_responses_patient_idx" ON "check_in_responses" USING btree ("patient_id","measure","completed_at");--> statement-breakpoint
CREATE INDEX "check_in_schedules_patient_idx" ON "check_in_schedules" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "check_in_schedules_service_idx" ON "check_in_schedules" USING btree ("service_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "check_ins_occasion_idx" ON "check_ins" USING btree ("occasion");--> statement-breakpoint
CREATE INDEX "check_ins_patient_idx" ON "check_ins" USING btree ("patient_id","created_at");--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_type_check" CHECK ("notification_preferences"."type" in ('appointment_created', 'appointment_updated', 'appointment_cancelled', 'appointment_reminder', 'patient_registered', 'patient_updated', 'clinical_note_created', 'clinical_note_updated', 'invoice_created', 'invoice_paid', 'invoice_overdue', 'message_received', 'telehealth_session_started', 'telehealth_session_ended', 'system_update', 'security_alert', 'check_in_requested'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('appointment_created', 'appointment_updated', 'appointment_cancelled', 'appointment_reminder', 'patient_registered', 'patient_updated', 'clinical_note_created', 'clinical_note_updated', 'invoice_created', 'invoice_paid', 'invoice_overdue', 'message_received', 'telehealth_session_started', 'telehealth_session_ended', 'system_update', 'security_alert', 'check_in_requested'));