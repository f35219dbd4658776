CREATE TABLE "collection_entries" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"collection_id" char(24) NOT NULL,
	"slug" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"published_at" timestamp with time zone,
	"created_by" char(24),
	"updated_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "collection_entry_values" (
	"tenant_id" char(24) NOT NULL,
	"collection_id" char(24) NOT NULL,
	"entry_id" char(24) NOT NULL,
	"field" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"text_value" text,
	"number_value" double precision,
	"time_value" timestamp with time zone,
	"unique_value" text,
	CONSTRAINT "collection_entry_values_tenant_id_entry_id_field_position_pk" PRIMARY KEY("tenant_id","entry_id","field","position")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"key" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"required_fields" text[] DEFAULT '{}' NOT NULL,
	"slug_field" text,
	"default_sort_field" text DEFAULT 'createdAt' NOT NULL,
	"default_sort_dir" text DEFAULT 'desc' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_by" char(24),
	"updated_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "collection_entries" ADD CONSTRAINT "collection_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_entries" ADD CONSTRAINT "collection_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_entries" ADD CONSTRAINT "collection_entries_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_entries" ADD CONSTRAINT "collection_entries_tenant_id_collection_id_collections_tenant_id_id_fk" FOREIGN KEY ("tenant_id","collection_id") REFERENCES "public"."collections"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_entry_values" ADD CONSTRAINT "collection_entry_values_tenant_id_entry_id_collection_entries_tenant_id_id_fk" FOREIGN KEY ("tenant_id","entry_id") REFERENCES "public"."collection_entries"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collection_entries_tenant_collection_slug_key" ON "collection_entries" USING btree ("tenant_id","collection_id","slug");--> statement-breakpoint
CREATE INDEX "collection_entries_tenant_collection_status_created_idx" ON "collection_entries" USING btree ("tenant_id","collection_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "collection_entry_values_text_idx" ON "collection_entry_values" USING btree ("tenant_id","collection_id","field","text_value");--> statement-breakpoint
CREATE INDEX "collection_entry_values_number_idx" ON "collection_entry_values" USING btree ("tenant_id","collection_id","field","number_value");--> statement-breakpoint
CREATE INDEX "collection_entry_values_time_idx" ON "collection_entry_values" USING btree ("tenant_id","collection_id","field","time_value");--> statement-breakpoint
CREATE INDEX "collection_entry_values_text_trgm_idx" ON "collection_entry_values" USING gin ("tenant_id","collection_id","field","text_value" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "collection_entry_values_unique_key" ON "collection_entry_values" USING btree ("tenant_id","collection_id","field","unique_value") WHERE "collection_entry_values"."unique_value" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "collections_tenant_key_key" ON "collections" USING btree ("tenant_id","key");