CREATE TABLE "printful_connection" (
	"id" text PRIMARY KEY DEFAULT 'clinic' NOT NULL,
	"api_key_ciphertext" text NOT NULL,
	"api_key_iv" text NOT NULL,
	"api_key_tag" text NOT NULL,
	"api_key_last4" text NOT NULL,
	"store_id" text,
	"store_name" text DEFAULT '' NOT NULL,
	"webhook_token_hash" text NOT NULL,
	"webhook_registered" boolean DEFAULT false NOT NULL,
	"webhook_error" text,
	"connected_by" uuid,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sync_started_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_sync_result" jsonb,
	"last_sync_error" text,
	CONSTRAINT "printful_connection_single_check" CHECK (id = 'clinic')
);
--> statement-breakpoint
CREATE TABLE "printful_orders" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"external_id" text NOT NULL,
	"printful_order_id" text,
	"state" text DEFAULT 'sending' NOT NULL,
	"printful_status" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"last_error" text,
	"tracking_number" text,
	"carrier" text,
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printful_orders_external_id_unique" UNIQUE("external_id"),
	CONSTRAINT "printful_orders_state_check" CHECK ("printful_orders"."state" in ('sending', 'retry', 'accepted', 'shipped', 'failed', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "printful_products" (
	"printful_product_id" text PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"hidden_by_sync" boolean DEFAULT false NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printful_products_product_id_unique" UNIQUE("product_id")
);
--> statement-breakpoint
CREATE TABLE "printful_variants" (
	"printful_variant_id" text PRIMARY KEY NOT NULL,
	"printful_product_id" text NOT NULL,
	"variant_id" uuid NOT NULL,
	"removed_upstream" boolean DEFAULT false NOT NULL,
	CONSTRAINT "printful_variants_variant_id_unique" UNIQUE("variant_id")
);
--> statement-breakpoint
ALTER TABLE "product_variants" ALTER COLUMN "stock" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "printful_connection" ADD CONSTRAINT "printful_connection_connected_by_users_id_fk" FOREIGN KEY ("connected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printful_orders" ADD CONSTRAINT "printful_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printful_products" ADD CONSTRAINT "printful_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printful_variants" ADD CONSTRAINT "printful_variants_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "printful_variants" ADD CONSTRAINT "printful_variants_product_fk" FOREIGN KEY ("printful_product_id") REFERENCES "public"."printful_products"("printful_product_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "printful_orders_state_idx" ON "printful_orders" USING btree ("state","updated_at");--> statement-breakpoint
CREATE INDEX "printful_variants_product_idx" ON "printful_variants" USING btree ("printful_product_id");