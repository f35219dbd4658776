-- Account events (registration, sign-in, password, Google link, feature flags) are recorded once, without a tenant:
-- tenant_id becomes nullable and the event id alone is the key (ids are unique across tenants).
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_tenant_id_id_pk";--> statement-breakpoint
ALTER TABLE "outbox" ALTER COLUMN "tenant_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_id_pk" PRIMARY KEY("id");