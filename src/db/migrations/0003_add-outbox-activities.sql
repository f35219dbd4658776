CREATE TABLE "activities" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"action" text NOT NULL,
	"user_id" char(24),
	"actor" jsonb NOT NULL,
	"description" text NOT NULL,
	"metadata" jsonb NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"type" text NOT NULL,
	"subject_id" char(24),
	"actor" jsonb NOT NULL,
	"payload" jsonb NOT NULL,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "outbox_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_tenant_created_idx" ON "activities" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_tenant_action_idx" ON "activities" USING btree ("tenant_id","action","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activities_tenant_user_idx" ON "activities" USING btree ("tenant_id","user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("created_at","id") WHERE "outbox"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_tenant_created_idx" ON "outbox" USING btree ("tenant_id","created_at");