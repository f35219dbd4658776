CREATE TABLE "tenant_backup_schedules" (
	"tenant_id" char(24) PRIMARY KEY NOT NULL,
	"frequency" text NOT NULL,
	"keep" integer NOT NULL,
	"include_responses" boolean NOT NULL,
	"include_statistics" boolean NOT NULL,
	"last_run_at" timestamp with time zone,
	"next_run_at" timestamp with time zone,
	"updated_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tenant_exports" ADD COLUMN "trigger" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "tenant_backup_schedules" ADD CONSTRAINT "tenant_backup_schedules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_backup_schedules" ADD CONSTRAINT "tenant_backup_schedules_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenant_backup_schedules_next_run_at_idx" ON "tenant_backup_schedules" USING btree ("next_run_at");