ALTER TABLE "imports" ADD COLUMN "copy_media" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "media_files" jsonb DEFAULT '{}'::jsonb NOT NULL;