-- Contents written before versions existed get their version 1: the record as a read answers it
-- (the keys of ContentSchema, timestamps as ISO 8601 UTC), saved by its last editor at its last
-- update. Ids are derived from the content's key (24 hex), so a re-run cannot add a second one.
INSERT INTO "content_versions" ("tenant_id", "id", "content_id", "version", "title", "slug", "status", "snapshot", "created_by", "created_by_name", "created_at")
SELECT c."tenant_id",
  substr(md5(c."tenant_id" || ':' || c."id" || ':version-1'), 1, 24),
  c."id", 1, c."title", c."slug", c."status",
  jsonb_build_object(
    'id', c."id", 'title', c."title", 'slug', c."slug", 'summary', c."summary",
    'categories', to_jsonb(array(select cc."category_id"::text from "content_categories" cc
      where cc."tenant_id" = c."tenant_id" and cc."content_id" = c."id" order by cc."category_id")),
    'tags', to_jsonb(array(select ct."tag_id"::text from "content_tags" ct
      where ct."tenant_id" = c."tenant_id" and ct."content_id" = c."id" order by ct."tag_id")),
    'customFields', c."custom_fields", 'featuredMediaId', c."featured_media_id", 'status', c."status",
    'publishAt', to_char(c."publish_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'publishedAt', to_char(c."published_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'authorName', c."author_name", 'version', 1,
    'createdAt', to_char(c."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updatedAt', to_char(c."updated_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'lexical', c."lexical", 'html', c."html"
  ),
  c."updated_by", CASE WHEN c."updated_by" IS NULL THEN 'before versions' ELSE '' END, c."updated_at"
FROM "contents" c
ON CONFLICT DO NOTHING;
