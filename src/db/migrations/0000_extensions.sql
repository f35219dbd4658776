-- Trigram matching for partial-match search (ILIKE '%…%') and btree operator classes in GIN, so the
-- search indexes can lead with tenant_id. Both are trusted extensions: a database owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
