-- Searching leads for any text (an e-mail, a name, a phone, any field) uses a trigram index of the lead's text, so
-- that a search finds the few matching leads of a million without reading them all. pg_trgm ships with PostgreSQL
-- (a trusted extension: the database's owner may create it) and with PGlite.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- What a lead search looks in, in lower case.
CREATE FUNCTION poptin_lead_text(email TEXT, name TEXT, phone TEXT, fields JSONB) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(COALESCE(email, '') || ' ' || COALESCE(name, '') || ' ' || COALESCE(phone, '') || ' ' || fields::text)
$$;

CREATE INDEX conversions_search_idx ON conversions USING gin (poptin_lead_text(email, name, phone, fields) gin_trgm_ops);
