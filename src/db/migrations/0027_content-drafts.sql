ALTER TABLE "content_versions" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "draft_version" integer;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "draft_publish_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "contents_tenant_draft_scheduled_idx" ON "contents" USING btree ("tenant_id","draft_publish_at") WHERE "contents"."draft_publish_at" is not null;