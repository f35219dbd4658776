-- Existing contents become posts (the column default). Deleting a parent sets only its children's
-- parent_id to null (the column list keeps tenant_id): they become roots.
ALTER TABLE "contents" ADD COLUMN "type" text DEFAULT 'post' NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "parent_id" char(24);--> statement-breakpoint
ALTER TABLE "contents" ADD COLUMN "order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contents" ADD CONSTRAINT "contents_tenant_parent_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."contents"("tenant_id","id") ON DELETE set null ("parent_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contents_tenant_type_published_idx" ON "contents" USING btree ("tenant_id","type","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contents_tenant_parent_order_idx" ON "contents" USING btree ("tenant_id","parent_id","order");