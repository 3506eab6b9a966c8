ALTER TABLE "billing_settings" ADD COLUMN "session_billing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "late_cancel_window_hours" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "late_cancel_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD COLUMN "no_show_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_window_check" CHECK (late_cancel_window_hours between 0 and 168);--> statement-breakpoint
ALTER TABLE "billing_settings" ADD CONSTRAINT "billing_settings_fees_check" CHECK (late_cancel_fee_cents >= 0 and no_show_fee_cents >= 0);