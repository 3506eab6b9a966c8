CREATE TABLE "exercise_log_days" (
	"patient_id" uuid NOT NULL,
	"clinic_day" date NOT NULL,
	"done_count" integer DEFAULT 0 NOT NULL,
	"pain_sum" integer DEFAULT 0 NOT NULL,
	"pain_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "exercise_log_days_patient_id_clinic_day_pk" PRIMARY KEY("patient_id","clinic_day")
);
--> statement-breakpoint
CREATE TABLE "exercise_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"programme_id" uuid NOT NULL,
	"item_id" uuid,
	"exercise_id" uuid NOT NULL,
	"clinic_day" date NOT NULL,
	"done" boolean NOT NULL,
	"difficulty" smallint,
	"pain" smallint,
	"note" text DEFAULT '' NOT NULL,
	"logged_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_logs_day_unique" UNIQUE("programme_id","exercise_id","clinic_day"),
	CONSTRAINT "exercise_logs_difficulty_check" CHECK ("exercise_logs"."difficulty" is null or "exercise_logs"."difficulty" between 0 and 10),
	CONSTRAINT "exercise_logs_pain_check" CHECK ("exercise_logs"."pain" is null or "exercise_logs"."pain" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "exercise_programme_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_id" uuid NOT NULL,
	"exercise_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"sets" smallint,
	"reps" smallint,
	"hold_seconds" smallint,
	"times_per_day" smallint NOT NULL,
	"days_per_week" smallint NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	CONSTRAINT "exercise_programme_items_position_unique" UNIQUE("version_id","position"),
	CONSTRAINT "exercise_programme_items_sets_check" CHECK ("exercise_programme_items"."sets" is null or "exercise_programme_items"."sets" between 1 and 20),
	CONSTRAINT "exercise_programme_items_reps_check" CHECK ("exercise_programme_items"."reps" is null or "exercise_programme_items"."reps" between 1 and 200),
	CONSTRAINT "exercise_programme_items_hold_check" CHECK ("exercise_programme_items"."hold_seconds" is null or "exercise_programme_items"."hold_seconds" between 1 and 600),
	CONSTRAINT "exercise_programme_items_times_check" CHECK ("exercise_programme_items"."times_per_day" between 1 and 10),
	CONSTRAINT "exercise_programme_items_days_check" CHECK ("exercise_programme_items"."days_per_week" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "exercise_programme_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"items" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exercise_programme_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"programme_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_programme_versions_number_unique" UNIQUE("programme_id","version")
);
--> statement-breakpoint
CREATE TABLE "exercise_programmes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"title" text NOT NULL,
	"start_date" date NOT NULL,
	"review_date" date,
	"status" text DEFAULT 'active' NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"weekly_sessions" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_programmes_status_check" CHECK ("exercise_programmes"."status" in ('active', 'completed', 'stopped')),
	CONSTRAINT "exercise_programmes_review_check" CHECK ("exercise_programmes"."review_date" is null or "exercise_programmes"."review_date" >= "exercise_programmes"."start_date")
);
--> statement-breakpoint
CREATE TABLE "exercise_reminders" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"time_of_day" text NOT NULL,
	"email" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercise_reminders_time_check" CHECK ("exercise_reminders"."time_of_day" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "exercise_log_days" ADD CONSTRAINT "exercise_log_days_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_logs" ADD CONSTRAINT "exercise_logs_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_logs" ADD CONSTRAINT "exercise_logs_programme_id_exercise_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."exercise_programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_logs" ADD CONSTRAINT "exercise_logs_item_id_exercise_programme_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."exercise_programme_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_logs" ADD CONSTRAINT "exercise_logs_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_programme_items" ADD CONSTRAINT "exercise_programme_items_version_id_exercise_programme_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."exercise_programme_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_programme_items" ADD CONSTRAINT "exercise_programme_items_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_programme_templates" ADD CONSTRAINT "exercise_programme_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_programme_versions" ADD CONSTRAINT "exercise_programme_versions_programme_id_exercise_programmes_id_fk" FOREIGN KEY ("programme_id") REFERENCES "public"."exercise_programmes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_programme_versions" ADD CONSTRAINT "exercise_programme_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_programmes" ADD CONSTRAINT "exercise_programmes_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_programmes" ADD CONSTRAINT "exercise_programmes_practitioner_id_users_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercise_reminders" ADD CONSTRAINT "exercise_reminders_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exercise_logs_patient_day_idx" ON "exercise_logs" USING btree ("patient_id","clinic_day");--> statement-breakpoint
CREATE INDEX "exercise_logs_programme_day_idx" ON "exercise_logs" USING btree ("programme_id","clinic_day");--> statement-breakpoint
CREATE INDEX "exercise_programme_templates_name_idx" ON "exercise_programme_templates" USING btree ("name");--> statement-breakpoint
CREATE INDEX "exercise_programmes_patient_idx" ON "exercise_programmes" USING btree ("patient_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "exercise_programmes_active_idx" ON "exercise_programmes" USING btree ("patient_id","start_date","weekly_sessions") WHERE "exercise_programmes"."status" = 'active';