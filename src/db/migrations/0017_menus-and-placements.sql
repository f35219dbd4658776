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
CREATE TABLE "placement_events" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"placement_id" char(24) NOT NULL,
	"experience_id" char(24) NOT NULL,
	"type" text NOT NULL,
	"session_id" text NOT NULL,
	"user_key" text,
	"tracking_id" text,
	"path" text NOT NULL,
	"device" text,
	"ip_hash" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placement_events_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "placement_experiences" (
	"tenant_id" char(24) NOT NULL,
	"placement_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"priority" integer DEFAULT 50 NOT NULL,
	"weight" integer DEFAULT 100 NOT NULL,
	"content_type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ui" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"trigger" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placement_experiences_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "placement_stats" (
	"tenant_id" char(24) NOT NULL,
	"placement_id" char(24) NOT NULL,
	"experience_id" char(24) NOT NULL,
	"day" date NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	"closes" integer DEFAULT 0 NOT NULL,
	"dismissals" integer DEFAULT 0 NOT NULL,
	"submits" integer DEFAULT 0 NOT NULL,
	"errors" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "placement_stats_tenant_id_placement_id_experience_id_day_pk" PRIMARY KEY("tenant_id","placement_id","experience_id","day")
);
--> statement-breakpoint
CREATE TABLE "placements" (
	"tenant_id" char(24) NOT NULL,
	"id" char(24) NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"default_rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "placements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_tenant_id_menu_id_menus_tenant_id_id_fk" FOREIGN KEY ("tenant_id","menu_id") REFERENCES "public"."menus"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_items" ADD CONSTRAINT "menu_items_tenant_id_parent_id_menu_items_tenant_id_id_fk" FOREIGN KEY ("tenant_id","parent_id") REFERENCES "public"."menu_items"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_events" ADD CONSTRAINT "placement_events_tenant_id_placement_id_placements_tenant_id_id_fk" FOREIGN KEY ("tenant_id","placement_id") REFERENCES "public"."placements"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_experiences" ADD CONSTRAINT "placement_experiences_tenant_id_placement_id_placements_tenant_id_id_fk" FOREIGN KEY ("tenant_id","placement_id") REFERENCES "public"."placements"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placement_stats" ADD CONSTRAINT "placement_stats_tenant_id_placement_id_placements_tenant_id_id_fk" FOREIGN KEY ("tenant_id","placement_id") REFERENCES "public"."placements"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "placements" ADD CONSTRAINT "placements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "menu_items_tenant_menu_idx" ON "menu_items" USING btree ("tenant_id","menu_id","parent_id","position");--> statement-breakpoint
CREATE INDEX "menu_items_tenant_reference_idx" ON "menu_items" USING btree ("tenant_id","reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "menus_tenant_slug_key" ON "menus" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "menus_tenant_active_location_key" ON "menus" USING btree ("tenant_id","location") WHERE "menus"."status" = 'active' and "menus"."location" <> 'custom';--> statement-breakpoint
CREATE INDEX "menus_tenant_name_idx" ON "menus" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "placement_events_tenant_placement_created_idx" ON "placement_events" USING btree ("tenant_id","placement_id","created_at");--> statement-breakpoint
CREATE INDEX "placement_experiences_tenant_placement_idx" ON "placement_experiences" USING btree ("tenant_id","placement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "placements_tenant_slug_key" ON "placements" USING btree ("tenant_id","slug");--> statement-breakpoint
CREATE INDEX "placements_tenant_status_name_idx" ON "placements" USING btree ("tenant_id","status","name");