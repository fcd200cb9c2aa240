-- Sites and pop-ups authored in the console. Files of CLIENTS_DIR / POPUPS_DIR seed these tables at start, and
-- keep updating the rows they created until an owner edits one (owner_edited_at): from then on the file
-- no longer touches it. `source` says where a row came from: 'file' or 'console'.
ALTER TABLE clients ADD COLUMN source TEXT NOT NULL DEFAULT 'file';
ALTER TABLE clients ADD COLUMN owner_edited_at TIMESTAMPTZ;

-- `config` stays what the display API serves (the published configuration; `active` says whether it is served).
-- `draft` is what the owner edits; publishing copies it to `config`. A pop-up never published has no
-- published_at and is not active. A deleted one keeps its row (its views, closes and leads refer to it).
ALTER TABLE popups ADD COLUMN source TEXT NOT NULL DEFAULT 'file';
ALTER TABLE popups ADD COLUMN owner_edited_at TIMESTAMPTZ;
ALTER TABLE popups ADD COLUMN draft JSONB;
UPDATE popups SET draft = config;
ALTER TABLE popups ALTER COLUMN draft SET NOT NULL;
ALTER TABLE popups ADD COLUMN revision INTEGER NOT NULL DEFAULT 1;
ALTER TABLE popups ADD COLUMN published_revision INTEGER;
ALTER TABLE popups ADD COLUMN published_at TIMESTAMPTZ;
UPDATE popups SET published_revision = 1, published_at = created_at;
ALTER TABLE popups ADD COLUMN deleted_at TIMESTAMPTZ;

-- Every saved draft, so that an owner can see the history of a pop-up and restore one.
CREATE TABLE popup_revisions (
  poptin_id TEXT NOT NULL REFERENCES popups (poptin_id),
  revision INTEGER NOT NULL,
  config JSONB NOT NULL,
  saved_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- The owner's e-mail, "api token", "owner token" or "file".
  saved_by TEXT NOT NULL,
  PRIMARY KEY (poptin_id, revision)
);
INSERT INTO popup_revisions (poptin_id, revision, config, saved_at, saved_by)
  SELECT poptin_id, 1, config, updated_at, 'file' FROM popups;

-- Short-lived tokens that make the display API serve a pop-up's draft to its owner's preview (ppt-draft).
CREATE TABLE popup_preview_tokens (
  token_sha256 TEXT PRIMARY KEY,
  poptin_id TEXT NOT NULL REFERENCES popups (poptin_id),
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX popup_preview_tokens_expiry_idx ON popup_preview_tokens (expires_at);
