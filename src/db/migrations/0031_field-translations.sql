CREATE TABLE "category_translations" (
	"tenant_id" char(24) NOT NULL,
	"category_id" char(24) NOT NULL,
	"locale" text NOT NULL,
	"name" text,
	"slug" text,
	"description" text,
	CONSTRAINT "category_translations_tenant_id_category_id_locale_pk" PRIMARY KEY("tenant_id","category_id","locale")
);
--> statement-breakpoint
CREATE TABLE "tag_translations" (
	"tenant_id" char(24) NOT NULL,
	"tag_id" char(24) NOT NULL,
	"locale" text NOT NULL,
	"title" text,
	"slug" text,
	CONSTRAINT "tag_translations_tenant_id_tag_id_locale_pk" PRIMARY KEY("tenant_id","tag_id","locale")
);
--> statement-breakpoint
ALTER TABLE "menu_items" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "category_translations" ADD CONSTRAINT "category_translations_tenant_id_category_id_categories_tenant_id_id_fk" FOREIGN KEY ("tenant_id","category_id") REFERENCES "public"."categories"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_translations" ADD CONSTRAINT "tag_translations_tenant_id_tag_id_tags_tenant_id_id_fk" FOREIGN KEY ("tenant_id","tag_id") REFERENCES "public"."tags"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "category_translations_tenant_locale_slug_key" ON "category_translations" USING btree ("tenant_id","locale","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "tag_translations_tenant_locale_slug_key" ON "tag_translations" USING btree ("tenant_id","locale","slug");