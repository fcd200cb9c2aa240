-- Owner accounts of the console. The password is kept as an scrypt hash with its own salt and parameters
-- ("scrypt$N$r$p$salt$hash", base64url), never in clear. E-mails are unique whatever their case.
CREATE TABLE owners (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email TEXT NOT NULL,
  name TEXT NOT NULL DEFAULT '',
  password_hash TEXT NOT NULL,
  is_admin BOOLEAN NOT NULL DEFAULT false,
  language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'he')),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX owners_email_idx ON owners (lower(email));

-- Sessions live here, not in a process, so that every server process on one PostgreSQL knows them. Only the
-- SHA-256 of the cookie's value is stored: a copy of this table opens no session.
CREATE TABLE owner_sessions (
  id_sha256 TEXT PRIMARY KEY,
  owner_id BIGINT NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX owner_sessions_owner_idx ON owner_sessions (owner_id);

-- Which sites an owner who is not an admin may see.
CREATE TABLE owner_sites (
  owner_id BIGINT NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
  client_id TEXT NOT NULL REFERENCES clients (client_id) ON DELETE CASCADE,
  PRIMARY KEY (owner_id, client_id)
);
CREATE INDEX owner_sites_client_idx ON owner_sites (client_id);

-- Per-site API tokens for scripts, shown once at creation and kept as their SHA-256.
CREATE TABLE site_tokens (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES clients (client_id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  secret_sha256 TEXT NOT NULL UNIQUE,
  created_by BIGINT REFERENCES owners (id) ON DELETE SET NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  last_used_at TIMESTAMPTZ
);
CREATE INDEX site_tokens_client_idx ON site_tokens (client_id);
