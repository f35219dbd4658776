ALTER TABLE "media" ADD COLUMN "variants_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
UPDATE "media" SET "variants_status" = 'ready' WHERE jsonb_array_length("variants") > 0;
--> statement-breakpoint
UPDATE "media" SET "thumbnail_url" = (SELECT v->>'url' FROM jsonb_array_elements("variants") v WHERE v->>'name' = 'thumbnail' LIMIT 1) WHERE "thumbnail_url" IS NULL AND jsonb_array_length("variants") > 0;
