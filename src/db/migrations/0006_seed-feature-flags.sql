-- The flags Folio itself reads (settings `features`). contentScheduling is on unless a tenant switches it off.
INSERT INTO "feature_flags" ("id", "key", "label", "description", "default_enabled", "notes")
VALUES ('000000000000000000000001', 'contentScheduling', 'Content scheduling', 'Content may be saved with status scheduled and a future publishAt.', true, 'Built in; read by the contents family.')
ON CONFLICT ("key") DO NOTHING;
