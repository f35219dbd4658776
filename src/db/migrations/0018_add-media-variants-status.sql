ALTER TABLE "media" ADD COLUMN "variants_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
UPDATE "media" SET "variants_status" = 'ready' WHERE jsonb_array_length("variants") > 0;
