-- Requests count against two budgets per tenant, admin and public (docs/decisions/quotas.md "Two
-- budgets: admin and public"). The counts stored before the split count as public: the public
-- budget carries on from the month's count it had, and admin requests start from zero.
ALTER TABLE "api_usage" ADD COLUMN "budget" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage" ALTER COLUMN "budget" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "api_usage" DROP CONSTRAINT "api_usage_tenant_id_hour_pk";--> statement-breakpoint
ALTER TABLE "api_usage" ADD CONSTRAINT "api_usage_tenant_id_hour_budget_pk" PRIMARY KEY("tenant_id","hour","budget");
