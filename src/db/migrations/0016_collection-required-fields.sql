-- A collection's required fields are enforced by the database on every entry write: the trigger
-- names the first required field the entry's data lacks (or holds as null) in the error's COLUMN,
-- with SQLSTATE 23502 (not_null_violation), which the collections service turns into a 400.
CREATE FUNCTION collection_entries_require_fields() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  missing text;
BEGIN
  SELECT required.key INTO missing
    FROM collections c, unnest(c.required_fields) AS required(key)
   WHERE c.tenant_id = NEW.tenant_id AND c.id = NEW.collection_id
     AND coalesce(NEW.data -> required.key, 'null'::jsonb) = 'null'::jsonb
   LIMIT 1;
  IF missing IS NOT NULL THEN
    RAISE EXCEPTION 'collection entry lacks required field %', missing
      USING ERRCODE = 'not_null_violation', COLUMN = missing, TABLE = 'collection_entries';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER collection_entries_require_fields
  BEFORE INSERT OR UPDATE OF data ON collection_entries
  FOR EACH ROW EXECUTE FUNCTION collection_entries_require_fields();
