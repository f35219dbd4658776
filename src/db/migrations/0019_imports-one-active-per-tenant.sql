-- Imports left unfinished by a server before this version lived in its memory only: they cannot resume.
UPDATE "imports" SET "status" = 'failed', "phase" = NULL, "error" = 'Interrupted: the server stopped before the import finished. Start the same import again: what was already imported is kept and not duplicated.', "finished_at" = now(), "updated_at" = now() WHERE "status" IN ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "imports_one_active_per_tenant" ON "imports" USING btree ("tenant_id") WHERE "imports"."status" in ('queued', 'running');--> statement-breakpoint
ALTER TABLE "imports" DROP COLUMN "runner_id";--> statement-breakpoint
ALTER TABLE "imports" DROP COLUMN "heartbeat_at";--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "job_id" text;