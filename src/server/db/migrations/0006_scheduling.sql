-- btree_gist lets one GiST index compare the practitioner id by equality beside the time range by overlap.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "appointments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"service_type_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"during" tstzrange GENERATED ALWAYS AS (tstzrange(starts_at, ends_at, '[)')) STORED NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"cancellation_reason" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_status_check" CHECK ("appointments"."status" in ('scheduled', 'confirmed', 'checked_in', 'completed', 'cancelled', 'no_show')),
	CONSTRAINT "appointments_order_check" CHECK ("appointments"."ends_at" > "appointments"."starts_at"),
	CONSTRAINT "appointments_cancelled_check" CHECK ("appointments"."status" <> 'cancelled' or "appointments"."cancellation_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "date_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" text,
	"end_time" text,
	CONSTRAINT "date_overrides_hours_check" CHECK (("date_overrides"."start_time" is null and "date_overrides"."end_time" is null) or ("date_overrides"."start_time" is not null and "date_overrides"."end_time" is not null and "date_overrides"."end_time" > "date_overrides"."start_time")),
	CONSTRAINT "date_overrides_start_check" CHECK ("date_overrides"."start_time" is null or start_time ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'),
	CONSTRAINT "date_overrides_end_check" CHECK ("date_overrides"."end_time" is null or end_time ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$')
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_at" timestamp with time zone,
	"locked_by" text,
	"last_error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_key_unique" UNIQUE("key"),
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('queued', 'running', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "practitioner_schedules" (
	"practitioner_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'Europe/London' NOT NULL,
	"min_notice_minutes" integer DEFAULT 120 NOT NULL,
	"buffer_minutes" integer DEFAULT 0 NOT NULL,
	"horizon_days" integer DEFAULT 60 NOT NULL,
	"auto_confirm" boolean DEFAULT false NOT NULL,
	"booking_link" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "practitioner_schedules_booking_link_unique" UNIQUE("booking_link"),
	CONSTRAINT "practitioner_schedules_notice_check" CHECK ("practitioner_schedules"."min_notice_minutes" >= 0),
	CONSTRAINT "practitioner_schedules_buffer_check" CHECK ("practitioner_schedules"."buffer_minutes" >= 0),
	CONSTRAINT "practitioner_schedules_horizon_check" CHECK ("practitioner_schedules"."horizon_days" >= 1)
);
--> statement-breakpoint
CREATE TABLE "service_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"duration_minutes" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"colour" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_types_duration_check" CHECK ("service_types"."duration_minutes" between 5 and 480),
	CONSTRAINT "service_types_price_check" CHECK ("service_types"."price_cents" >= 0),
	CONSTRAINT "service_types_colour_check" CHECK ("service_types"."colour" ~ '^#[0-9a-fA-F]{6}$')
);
--> statement-breakpoint
CREATE TABLE "time_off" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_off_order_check" CHECK ("time_off"."ends_at" > "time_off"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "weekly_hours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"weekday" smallint NOT NULL,
	"start_time" text NOT NULL,
	"end_time" text NOT NULL,
	CONSTRAINT "weekly_hours_weekday_check" CHECK ("weekly_hours"."weekday" between 0 and 6),
	CONSTRAINT "weekly_hours_start_check" CHECK (start_time ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'),
	CONSTRAINT "weekly_hours_end_check" CHECK (end_time ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'),
	CONSTRAINT "weekly_hours_order_check" CHECK ("weekly_hours"."end_time" > "weekly_hours"."start_time")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_practitioner_id_users_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "date_overrides" ADD CONSTRAINT "date_overrides_practitioner_id_users_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "practitioner_schedules" ADD CONSTRAINT "practitioner_schedules_practitioner_id_users_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_off" ADD CONSTRAINT "time_off_practitioner_id_users_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_hours" ADD CONSTRAINT "weekly_hours_practitioner_id_users_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_practitioner_starts_idx" ON "appointments" USING btree ("practitioner_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_starts_idx" ON "appointments" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "appointments_patient_starts_idx" ON "appointments" USING btree ("patient_id","starts_at");--> statement-breakpoint
CREATE INDEX "date_overrides_practitioner_date_idx" ON "date_overrides" USING btree ("practitioner_id","date");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."status" = 'queued';--> statement-breakpoint
CREATE UNIQUE INDEX "service_types_name_idx" ON "service_types" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "time_off_practitioner_starts_idx" ON "time_off" USING btree ("practitioner_id","starts_at");--> statement-breakpoint
CREATE INDEX "weekly_hours_practitioner_idx" ON "weekly_hours" USING btree ("practitioner_id","weekday");--> statement-breakpoint
-- A practitioner is never double-booked: among appointments that hold their slot no two ranges of one
-- practitioner may overlap. The database refuses the second of two racing bookings (SQLSTATE 23P01).
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap" EXCLUDE USING gist ("practitioner_id" WITH =, "during" WITH &&) WHERE ("status" in ('scheduled', 'confirmed', 'checked_in', 'completed'));