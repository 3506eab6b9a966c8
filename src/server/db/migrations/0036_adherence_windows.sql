CREATE TABLE "exercise_adherence_windows" (
	"patient_id" uuid PRIMARY KEY NOT NULL,
	"window_to" date NOT NULL,
	"done_now" integer DEFAULT 0 NOT NULL,
	"done_before" integer DEFAULT 0 NOT NULL,
	"pain_sum_now" integer DEFAULT 0 NOT NULL,
	"pain_count_now" integer DEFAULT 0 NOT NULL,
	"pain_sum_before" integer DEFAULT 0 NOT NULL,
	"pain_count_before" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exercise_adherence_windows" ADD CONSTRAINT "exercise_adherence_windows_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;