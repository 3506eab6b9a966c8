ALTER TABLE "user_preferences" ADD COLUMN "welcomed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Everyone who already has an account has found their way around: the welcome is for accounts made from now on.
INSERT INTO "user_preferences" ("user_id", "theme", "compact_mode", "show_patient_photos", "high_contrast", "reduce_motion", "screen_reader_optimized", "font_size_scale", "calendar_view", "show_weekends", "welcomed")
SELECT "id", 'auto', false, true, false, false, false, 'medium', 'week', true, true FROM "users"
ON CONFLICT ("user_id") DO UPDATE SET "welcomed" = true;
