CREATE TABLE "care_team_assignments" (
	"practitioner_id" uuid NOT NULL,
	"patient_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "care_team_assignments_practitioner_id_patient_id_pk" PRIMARY KEY("practitioner_id","patient_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sender_id" uuid NOT NULL,
	"recipient_id" uuid NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'unread' NOT NULL,
	"read_at" timestamp with time zone,
	"delivery_status" text DEFAULT 'sent' NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_status_check" CHECK ("messages"."status" in ('unread', 'read')),
	CONSTRAINT "messages_delivery_status_check" CHECK ("messages"."delivery_status" in ('sent', 'delivered', 'read')),
	CONSTRAINT "messages_not_to_self" CHECK ("messages"."sender_id" <> "messages"."recipient_id")
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"in_app" boolean NOT NULL,
	"email" boolean NOT NULL,
	"desktop" boolean NOT NULL,
	"sound" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_preferences_user_id_type_pk" PRIMARY KEY("user_id","type"),
	CONSTRAINT "notification_preferences_type_check" CHECK ("notification_preferences"."type" in ('appointment_created', 'appointment_updated', 'appointment_cancelled', 'appointment_reminder', 'patient_registered', 'patient_updated', 'clinical_note_created', 'clinical_note_updated', 'invoice_created', 'invoice_paid', 'invoice_overdue', 'message_received', 'telehealth_session_started', 'telehealth_session_ended', 'system_update', 'security_alert'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"message" text NOT NULL,
	"priority" text NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"read_at" timestamp with time zone,
	"archived_at" timestamp with time zone,
	"action_url" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('appointment_created', 'appointment_updated', 'appointment_cancelled', 'appointment_reminder', 'patient_registered', 'patient_updated', 'clinical_note_created', 'clinical_note_updated', 'invoice_created', 'invoice_paid', 'invoice_overdue', 'message_received', 'telehealth_session_started', 'telehealth_session_ended', 'system_update', 'security_alert')),
	CONSTRAINT "notifications_priority_check" CHECK ("notifications"."priority" in ('urgent', 'high', 'medium', 'low'))
);
--> statement-breakpoint
ALTER TABLE "care_team_assignments" ADD CONSTRAINT "care_team_assignments_practitioner_id_users_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_team_assignments" ADD CONSTRAINT "care_team_assignments_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_team_assignments_patient_idx" ON "care_team_assignments" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "messages_recipient_status_idx" ON "messages" USING btree ("recipient_id","status");--> statement-breakpoint
CREATE INDEX "messages_pair_created_idx" ON "messages" USING btree ("sender_id","recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_pair_reverse_created_idx" ON "messages" USING btree ("recipient_id","sender_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_sender_created_idx" ON "messages" USING btree ("sender_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_recipient_created_idx" ON "messages" USING btree ("recipient_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_user_archived_created_idx" ON "notifications" USING btree ("user_id","archived_at","created_at" DESC NULLS LAST);