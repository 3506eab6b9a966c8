CREATE TABLE "clinic_features" (
	"id" text PRIMARY KEY DEFAULT 'clinic' NOT NULL,
	"care_between_visits" boolean DEFAULT false NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clinic_features_single_check" CHECK (id = 'clinic')
);
--> statement-breakpoint
CREATE TABLE "exercises" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"body_region" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"default_sets" smallint,
	"default_reps" smallint,
	"default_hold_seconds" smallint,
	"default_times_per_day" smallint DEFAULT 1 NOT NULL,
	"default_days_per_week" smallint DEFAULT 7 NOT NULL,
	"media_file_id" uuid,
	"media_url" text,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"starter" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exercises_sets_check" CHECK ("exercises"."default_sets" is null or "exercises"."default_sets" between 1 and 20),
	CONSTRAINT "exercises_reps_check" CHECK ("exercises"."default_reps" is null or "exercises"."default_reps" between 1 and 200),
	CONSTRAINT "exercises_hold_check" CHECK ("exercises"."default_hold_seconds" is null or "exercises"."default_hold_seconds" between 1 and 600),
	CONSTRAINT "exercises_times_check" CHECK ("exercises"."default_times_per_day" between 1 and 10),
	CONSTRAINT "exercises_days_check" CHECK ("exercises"."default_days_per_week" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stored_files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "stored_files_size_check" CHECK ("stored_files"."byte_size" >= 0)
);
--> statement-breakpoint
ALTER TABLE "clinic_features" ADD CONSTRAINT "clinic_features_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_media_file_id_stored_files_id_fk" FOREIGN KEY ("media_file_id") REFERENCES "public"."stored_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exercises" ADD CONSTRAINT "exercises_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exercises_name_idx" ON "exercises" USING btree ("name");--> statement-breakpoint
INSERT INTO "clinic_features" ("id") VALUES ('clinic') ON CONFLICT DO NOTHING;
