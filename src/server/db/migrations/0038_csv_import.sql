CREATE TABLE "import_items" (
	"run_id" uuid NOT NULL,
	"entity_id" uuid NOT NULL,
	CONSTRAINT "import_items_run_id_entity_id_pk" PRIMARY KEY("run_id","entity_id")
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"source" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	CONSTRAINT "import_runs_kind_check" CHECK ("import_runs"."kind" in ('patients', 'appointments')),
	CONSTRAINT "import_runs_status_check" CHECK ("import_runs"."status" in ('queued', 'running', 'done', 'failed', 'undone'))
);
--> statement-breakpoint
ALTER TABLE "import_items" ADD CONSTRAINT "import_items_run_id_import_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."import_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_runs_created_idx" ON "import_runs" USING btree ("created_at");