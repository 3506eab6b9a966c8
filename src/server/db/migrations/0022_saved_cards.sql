CREATE TABLE "saved_card_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"card_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_intent_id" text,
	"failure_message" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_card_charges_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "saved_card_charges_status_check" CHECK (status in ('pending', 'succeeded', 'declined', 'failed')),
	CONSTRAINT "saved_card_charges_amount_check" CHECK (amount_cents > 0)
);
--> statement-breakpoint
CREATE TABLE "saved_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"patient_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"provider_payment_method_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_version" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" uuid,
	CONSTRAINT "saved_cards_provider_payment_method_id_unique" UNIQUE("provider_payment_method_id"),
	CONSTRAINT "saved_cards_last4_check" CHECK (last4 ~ '^[0-9]{4}$'),
	CONSTRAINT "saved_cards_exp_month_check" CHECK (exp_month between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "test_setup_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"customer_id" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"payment_method_id" text,
	"card_brand" text,
	"card_last4" text,
	"exp_month" integer,
	"exp_year" integer,
	"decline_message" text,
	"detached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_setup_intents_payment_method_id_unique" UNIQUE("payment_method_id"),
	CONSTRAINT "test_setup_intents_status_check" CHECK (status in ('requires_payment_method', 'succeeded'))
);
--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "payment_method_id" text;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD COLUMN "failure_message" text;--> statement-breakpoint
ALTER TABLE "saved_card_charges" ADD CONSTRAINT "saved_card_charges_card_id_saved_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."saved_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_card_charges" ADD CONSTRAINT "saved_card_charges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_cards" ADD CONSTRAINT "saved_cards_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_card_charges_pending_idx" ON "saved_card_charges" USING btree ("invoice_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "saved_card_charges_invoice_idx" ON "saved_card_charges" USING btree ("invoice_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_cards_patient_idx" ON "saved_cards" USING btree ("patient_id") WHERE removed_at is null;--> statement-breakpoint
ALTER TABLE "test_payment_intents" ADD CONSTRAINT "test_payment_intents_idempotency_key_unique" UNIQUE("idempotency_key");