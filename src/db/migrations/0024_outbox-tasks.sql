CREATE TABLE "outbox_tasks" (
	"consumer" text NOT NULL,
	"event_id" char(24) NOT NULL,
	"tenant_id" char(24),
	"attempts" integer DEFAULT 0 NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"dead_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_tasks_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
-- Events an earlier relay set aside after failed rounds (processed, with an error) were never
-- handled: they are dispatched again, and the idempotent consumers add what is missing.
UPDATE "outbox" SET "processed_at" = NULL WHERE "last_error" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" RENAME COLUMN "processed_at" TO "dispatched_at";--> statement-breakpoint
DROP INDEX "outbox_pending_idx";--> statement-breakpoint
ALTER TABLE "outbox_tasks" ADD CONSTRAINT "outbox_tasks_event_id_outbox_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_tasks_due_idx" ON "outbox_tasks" USING btree ("consumer","available_at") WHERE "outbox_tasks"."dead_at" is null;--> statement-breakpoint
CREATE INDEX "outbox_tasks_dead_idx" ON "outbox_tasks" USING btree ("dead_at") WHERE "outbox_tasks"."dead_at" is not null;--> statement-breakpoint
CREATE INDEX "outbox_tasks_event_idx" ON "outbox_tasks" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "outbox_undispatched_idx" ON "outbox" USING btree ("created_at","id") WHERE "outbox"."dispatched_at" is null;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "attempts";--> statement-breakpoint
ALTER TABLE "outbox" DROP COLUMN "last_error";