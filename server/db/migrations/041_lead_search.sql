-- Searching leads for any text (an e-mail, a name, a phone, any field) uses a trigram index of the lead's text, so
-- that a search finds the few matching leads of a million without reading them all. pg_trgm ships with PostgreSQL
-- (a trusted extension: the database's owner may create it) and with PGlite.

-- What a lead search looks in, in lower case.
CREATE FUNCTION poptin_lead_text(email TEXT, name TEXT, phone TEXT, fields JSONB) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(COALESCE(email, '') || ' ' || COALESCE(name, '') || ' ' || COALESCE(phone, '') || ' ' || fields::text)
$$;

-- The extension may already be installed, in whatever schema its installer chose: the operator class is named
-- in that schema.
DO $$
DECLARE
  extension_schema TEXT;
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  SELECT n.nspname INTO extension_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  EXECUTE format(
    'CREATE INDEX conversions_search_idx ON conversions USING gin (poptin_lead_text(email, name, phone, fields) %I.gin_trgm_ops)',
    extension_schema
  );
END
$$;
