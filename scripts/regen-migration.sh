#!/usr/bin/env bash
# Regenerates the initial migrations from src/db/schema. Only valid while they have not been released.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf src/db/migrations
npx drizzle-kit generate --custom --name extensions >/dev/null
cat > src/db/migrations/0000_extensions.sql <<'SQL'
-- Trigram matching for partial-match search (ILIKE '%…%') and btree operator classes in GIN, so the
-- search indexes can lead with tenant_id. Both are trusted extensions: a database owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
SQL
npx drizzle-kit generate --name init >/dev/null
# Drizzle cannot express a column list on ON DELETE SET NULL (PostgreSQL 15+); without it the composite
# key would null tenant_id too.
sed -i 's/FOREIGN KEY ("tenant_id","featured_media_id") REFERENCES "public"."media"("tenant_id","id") ON DELETE set null/& ("featured_media_id")/' src/db/migrations/0001_init.sql
echo "regenerated src/db/migrations"
