#!/usr/bin/env bash
# Regenerates the initial migration from src/db/schema. Only valid while 0000_init has not been released.
set -euo pipefail
cd "$(dirname "$0")/.."
rm -rf src/db/migrations
npx drizzle-kit generate --name init >/dev/null
# Drizzle cannot express a column list on ON DELETE SET NULL (PostgreSQL 15+); without it the composite
# key would null tenant_id too.
sed -i 's/FOREIGN KEY ("tenant_id","featured_media_id") REFERENCES "public"."media"("tenant_id","id") ON DELETE set null/& ("featured_media_id")/' src/db/migrations/0000_init.sql
echo "regenerated src/db/migrations/0000_init.sql"
