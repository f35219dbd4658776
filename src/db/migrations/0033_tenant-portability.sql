CREATE TABLE "tenant_exports" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"status" text NOT NULL,
	"progress" jsonb DEFAULT '{"done":0,"total":0}'::jsonb NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"options" jsonb DEFAULT '{"includeResponses":false,"includeStatistics":false}'::jsonb NOT NULL,
	"error" text,
	"storage_key" text,
	"size_bytes" bigint,
	"sha256" text,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "tenant_exports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tenant_imports" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"user_id" char(24) NOT NULL,
	"status" text NOT NULL,
	"progress" jsonb DEFAULT '{"done":0,"total":0}'::jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"size_bytes" bigint NOT NULL,
	"new_tenant_id" char(24),
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" jsonb DEFAULT '{"setAgain":[],"tokensToRegenerate":[],"invitations":[]}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tenant_exports" ADD CONSTRAINT "tenant_exports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_exports" ADD CONSTRAINT "tenant_exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_imports" ADD CONSTRAINT "tenant_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenant_exports_expires_at_idx" ON "tenant_exports" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "tenant_imports_user_idx" ON "tenant_imports" USING btree ("user_id");