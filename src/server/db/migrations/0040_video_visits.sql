CREATE TABLE "telehealth_call_people" (
	"appointment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"invited_by" uuid,
	"invited_at" timestamp with time zone,
	"admitted_at" timestamp with time zone,
	CONSTRAINT "telehealth_call_people_appointment_id_user_id_pk" PRIMARY KEY("appointment_id","user_id"),
	CONSTRAINT "telehealth_call_people_role_check" CHECK ("telehealth_call_people"."role" in ('host', 'patient', 'guest'))
);
--> statement-breakpoint
CREATE TABLE "telehealth_calls" (
	"appointment_id" uuid PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'not_started' NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"started_by" uuid,
	CONSTRAINT "telehealth_calls_state_check" CHECK ("telehealth_calls"."state" in ('not_started', 'live', 'ended'))
);
--> statement-breakpoint
CREATE TABLE "telehealth_presence" (
	"socket_id" uuid NOT NULL,
	"appointment_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telehealth_presence_socket_id_appointment_id_pk" PRIMARY KEY("socket_id","appointment_id")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "is_video" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "service_types" ADD COLUMN "is_video" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "telehealth_call_people" ADD CONSTRAINT "telehealth_call_people_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_call_people" ADD CONSTRAINT "telehealth_call_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_call_people" ADD CONSTRAINT "telehealth_call_people_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_calls" ADD CONSTRAINT "telehealth_calls_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_calls" ADD CONSTRAINT "telehealth_calls_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_presence" ADD CONSTRAINT "telehealth_presence_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telehealth_presence" ADD CONSTRAINT "telehealth_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telehealth_call_people_user_idx" ON "telehealth_call_people" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "telehealth_presence_appointment_idx" ON "telehealth_presence" USING btree ("appointment_id","user_id");