CREATE TABLE "check_in_discharges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"discharged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"discharged_by" uuid
);
--> statement-breakpoint
ALTER TABLE "check_in_discharges" ADD CONSTRAINT "check_in_discharges_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_discharges" ADD CONSTRAINT "check_in_discharges_discharged_by_users_id_fk" FOREIGN KEY ("discharged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_in_discharges_patient_idx" ON "check_in_discharges" USING btree ("patient_id","discharged_at");--> statement-breakpoint
-- The discharges made before this table, from the activity log's check_in.discharged entries (entity: the patient).
INSERT INTO "check_in_discharges" ("patient_id", "discharged_at", "discharged_by")
SELECT p."id", a."created_at", actor."id"
FROM "activity_log" a
JOIN "users" p ON p."id"::text = a."entity_id"
LEFT JOIN "users" actor ON actor."id" = a."actor_id"
WHERE a."action" = 'check_in.discharged' AND a."entity_type" = 'patient' AND a."outcome" = 'success';
