-- Contents become translations (docs/decisions/localization.md "Contents are translated as
-- documents"): every existing content is `en` and the only translation of its own group (its id).
-- The columns are filled before NOT NULL holds; `locale` keeps no default, so every write names it.
ALTER TABLE "contents" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ALTER COLUMN "locale" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "translation_group_id" char(24);--> statement-breakpoint
UPDATE "contents" SET "translation_group_id" = "id";--> statement-breakpoint
ALTER TABLE "contents" ALTER COLUMN "translation_group_id" SET NOT NULL;--> statement-breakpoint
-- Slugs are unique per tenant and locale from now on.
DROP INDEX "contents_tenant_slug_key";--> statement-breakpoint
CREATE UNIQUE INDEX "contents_tenant_slug_locale_key" ON "contents" USING btree ("tenant_id","slug","locale");--> statement-breakpoint
CREATE UNIQUE INDEX "contents_tenant_group_locale_key" ON "contents" USING btree ("tenant_id","translation_group_id","locale");--> statement-breakpoint
CREATE INDEX "contents_tenant_locale_status_published_idx" ON "contents" USING btree ("tenant_id","locale","status","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);
