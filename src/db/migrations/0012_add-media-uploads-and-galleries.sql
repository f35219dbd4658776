CREATE TABLE "galleries" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_by" char(24),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "galleries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "gallery_contents" (
	"tenant_id" char(24) NOT NULL,
	"content_id" char(24) NOT NULL,
	"gallery_id" char(24) NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "gallery_contents_tenant_id_content_id_gallery_id_pk" PRIMARY KEY("tenant_id","content_id","gallery_id")
);
--> statement-breakpoint
CREATE TABLE "gallery_items" (
	"tenant_id" char(24) NOT NULL,
	"gallery_id" char(24) NOT NULL,
	"position" integer NOT NULL,
	"media_id" char(24) NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	CONSTRAINT "gallery_items_tenant_id_gallery_id_position_pk" PRIMARY KEY("tenant_id","gallery_id","position")
);
--> statement-breakpoint
CREATE TABLE "media_uploads" (
	"tenant_id" char(24) NOT NULL,
	"key" text NOT NULL,
	"content_type" text NOT NULL,
	"max_bytes" bigint NOT NULL,
	"original_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"uploaded_at" timestamp with time zone,
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_uploads_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "folder" text;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "variants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "galleries" ADD CONSTRAINT "galleries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_contents" ADD CONSTRAINT "gallery_contents_tenant_id_content_id_contents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."contents"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_contents" ADD CONSTRAINT "gallery_contents_tenant_id_gallery_id_galleries_tenant_id_id_fk" FOREIGN KEY ("tenant_id","gallery_id") REFERENCES "public"."galleries"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_items" ADD CONSTRAINT "gallery_items_tenant_id_gallery_id_galleries_tenant_id_id_fk" FOREIGN KEY ("tenant_id","gallery_id") REFERENCES "public"."galleries"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_items" ADD CONSTRAINT "gallery_items_tenant_id_media_id_media_tenant_id_id_fk" FOREIGN KEY ("tenant_id","media_id") REFERENCES "public"."media"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media_uploads" ADD CONSTRAINT "media_uploads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "galleries_tenant_created_idx" ON "galleries" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "gallery_contents_tenant_gallery_idx" ON "gallery_contents" USING btree ("tenant_id","gallery_id");--> statement-breakpoint
CREATE INDEX "gallery_items_tenant_media_idx" ON "gallery_items" USING btree ("tenant_id","media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_tenant_key_key" ON "media" USING btree ("tenant_id","key") WHERE "media"."key" is not null;--> statement-breakpoint
CREATE INDEX "media_tenant_folder_idx" ON "media" USING btree ("tenant_id","folder") WHERE "media"."folder" is not null;