-- Images an owner uploads for their pop-ups, kept in the database so that every server process serves them
-- (GET /images/{id}); deleted with their site.
CREATE TABLE images (
  id TEXT PRIMARY KEY,
  client_id TEXT NOT NULL REFERENCES clients (client_id) ON DELETE CASCADE,
  content_type TEXT NOT NULL,
  bytes BYTEA NOT NULL,
  size INTEGER NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX images_client_idx ON images (client_id, created_at DESC);
