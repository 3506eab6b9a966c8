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
ALTER TABLE "record_copies" ADD CONSTRAINT "record_copies_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_copies_patient_idx" ON "record_copies" USING btree ("patient_id","created_at");