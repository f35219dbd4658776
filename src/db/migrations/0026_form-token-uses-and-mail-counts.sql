CREATE TABLE "form_token_uses" (
	"tenant_id" char(24) NOT NULL,
	"token_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "form_token_uses_tenant_id_token_id_pk" PRIMARY KEY("tenant_id","token_id")
);
--> statement-breakpoint
CREATE TABLE "tenant_mail_counts" (
	"tenant_id" char(24) NOT NULL,
	"counter" text NOT NULL,
	"period" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tenant_mail_counts_tenant_id_counter_period_pk" PRIMARY KEY("tenant_id","counter","period")
);
--> statement-breakpoint
ALTER TABLE "form_token_uses" ADD CONSTRAINT "form_token_uses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_mail_counts" ADD CONSTRAINT "tenant_mail_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "form_token_uses_expires_idx" ON "form_token_uses" USING btree ("expires_at");