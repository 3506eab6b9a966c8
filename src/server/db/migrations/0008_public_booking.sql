CREATE TABLE "public_booking_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"practitioner_id" uuid NOT NULL,
	"service_type_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"during" tstzrange GENERATED ALWAYS AS (tstzrange(starts_at, ends_at, '[)')) STORED NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"message" text,
	"patient_id" uuid,
	"appointment_id" uuid,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_booking_requests_reference_unique" UNIQUE("reference"),
	CONSTRAINT "public_booking_requests_status_check" CHECK (status in ('pending', 'confirmed', 'declined', 'cancelled')),
	CONSTRAINT "public_booking_requests_order_check" CHECK ("public_booking_requests"."ends_at" > "public_booking_requests"."starts_at"),
	CONSTRAINT "public_booking_requests_declined_check" CHECK ("public_booking_requests"."status" <> 'declined' or "public_booking_requests"."message" is not null)
);
--> statement-breakpoint
CREATE TABLE "signing_secrets" (
	"purpose" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "public_booking_requests" ADD CONSTRAINT "public_booking_requests_practitioner_id_users_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_booking_requests" ADD CONSTRAINT "public_booking_requests_service_type_id_service_types_id_fk" FOREIGN KEY ("service_type_id") REFERENCES "public"."service_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_booking_requests" ADD CONSTRAINT "public_booking_requests_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_booking_requests" ADD CONSTRAINT "public_booking_requests_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_booking_requests" ADD CONSTRAINT "public_booking_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "public_booking_requests_created_idx" ON "public_booking_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "public_booking_requests_practitioner_created_idx" ON "public_booking_requests" USING btree ("practitioner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "public_booking_requests_pending_idx" ON "public_booking_requests" USING btree ("practitioner_id","starts_at") WHERE "public_booking_requests"."status" = 'pending';--> statement-breakpoint
-- A pending request holds its time: among pending requests no two ranges of one practitioner may overlap, so
-- of two visitors racing for one slot the database refuses the second (SQLSTATE 23P01). btree_gist came with 0006.
ALTER TABLE "public_booking_requests" ADD CONSTRAINT "public_booking_requests_pending_no_overlap" EXCLUDE USING gist ("practitioner_id" WITH =, "during" WITH &&) WHERE ("status" = 'pending');
