CREATE TABLE "menu_items" (
	"tenant_id" char(24) NOT NULL,
	"menu_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"parent_id" char(24),
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"type" text NOT NULL,
	"url" text,
	"reference_id" char(24),
	"target" text DEFAULT '_self' NOT NULL,
	"css_classes" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_visible" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menu_items_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "menus_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_tenant_id_menu_id_menus_tenant_id_id_fk" FOREIGN KEY ("tenant_id","menu_id") REFERENCES "public"."menus"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_tenant_id_parent_id_menu_items_tenant_id_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."menu_items"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_items_tenant_menu_idx" ON "menu_items" USING btree ("tenant_id","menu_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "menu_items_tenant_reference_idx" ON "menu_items" USING btree ("tenant_id","reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "menus_tenant_slug_key" ON "menus" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "menus_tenant_active_location_key" ON "menus" USING btree ("tenant_id","location") WHERE "menus"."status" = 'active' and "menus"."location" <> 'custom';--> statement-breakpoint
CREATE INDEX "menus_tenant_name_idx" ON "menus" USING btree ("tenant_id","name");