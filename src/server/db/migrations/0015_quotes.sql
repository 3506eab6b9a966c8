CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"details" text NOT NULL,
	"quantity" integer,
	"budget_cents" integer,
	"status" text DEFAULT 'requested' NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_cents" integer,
	"message" text,
	"expires_at" timestamp with time zone,
	"answered_by" uuid,
	"answered_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "quotes_kind_check" CHECK ("quotes"."kind" in ('bulk_merchandise', 'custom_merchandise', 'programme_sponsorship')),
	CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('requested', 'answered', 'accepted', 'declined', 'expired', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_member_idx" ON "quotes" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_status_idx" ON "quotes" USING btree ("status","created_at");