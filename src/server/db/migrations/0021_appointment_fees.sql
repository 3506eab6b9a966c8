CREATE TABLE "appointment_fees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"appointment_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" integer NOT NULL,
	"invoice_id" uuid,
	"waive_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_fees_kind_check" CHECK (kind in ('late_cancel', 'no_show')),
	CONSTRAINT "appointment_fees_status_check" CHECK (status in ('pending', 'applied', 'waived')),
	CONSTRAINT "appointment_fees_amount_check" CHECK (amount_cents > 0),
	CONSTRAINT "appointment_fees_applied_check" CHECK ((status = 'applied') = (invoice_id is not null)),
	CONSTRAINT "appointment_fees_waived_check" CHECK ((status = 'waived') = (waive_reason is not null))
);
--> statement-breakpoint
ALTER TABLE "appointment_fees" ADD CONSTRAINT "appointment_fees_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_fees" ADD CONSTRAINT "appointment_fees_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_fees" ADD CONSTRAINT "appointment_fees_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_fees" ADD CONSTRAINT "appointment_fees_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_fees" ADD CONSTRAINT "appointment_fees_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_fees_appointment_kind_idx" ON "appointment_fees" USING btree ("appointment_id","kind");--> statement-breakpoint
CREATE INDEX "appointment_fees_pending_idx" ON "appointment_fees" USING btree ("created_at") WHERE "appointment_fees"."status" = 'pending';