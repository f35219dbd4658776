CREATE TABLE "preview_tokens" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"translation_group_id" char(24) NOT NULL,
	"content_id" char(24) NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" char(24),
	"api_token_id" char(24),
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preview_tokens_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "tenant_settings" ADD COLUMN "preview" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "preview_tokens" ADD CONSTRAINT "preview_tokens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_tokens" ADD CONSTRAINT "preview_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_tokens" ADD CONSTRAINT "preview_tokens_tenant_id_content_id_contents_tenant_id_id_fk" FOREIGN KEY ("tenant_id","content_id") REFERENCES "public"."contents"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_tokens" ADD CONSTRAINT "preview_tokens_tenant_id_api_token_id_api_tokens_tenant_id_id_fk" FOREIGN KEY ("tenant_id","api_token_id") REFERENCES "public"."api_tokens"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "preview_tokens_hash_key" ON "preview_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "preview_tokens_tenant_expires_idx" ON "preview_tokens" USING btree ("tenant_id","expires_at");