-- Reordered after generation: the new primary key names the locale column, which must exist first.
ALTER TABLE "collection_entries" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_entry_values" ADD COLUMN "locale" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "collection_entry_values" DROP CONSTRAINT "collection_entry_values_tenant_id_entry_id_field_position_pk";--> statement-breakpoint
ALTER TABLE "collection_entry_values" ADD CONSTRAINT "collection_entry_values_tenant_id_entry_id_field_locale_position_pk" PRIMARY KEY("tenant_id","entry_id","field","locale","position");
