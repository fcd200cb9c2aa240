-- Browsers that have signed in to an account: the `poptin_browser` cookie's random id, kept as its SHA-256. An
-- attempt from such a browser is limited on its own, so wrong passwords sent from elsewhere never lock it out.
CREATE TABLE owner_browsers (
  id_sha256 TEXT PRIMARY KEY,
  owner_id BIGINT NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
  signed_in_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX owner_browsers_owner_idx ON owner_browsers (owner_id);

-- One-time sign-in links mailed to an owner: the token's SHA-256, used once, before it expires.
CREATE TABLE owner_sign_in_links (
  token_sha256 TEXT PRIMARY KEY,
  owner_id BIGINT NOT NULL REFERENCES owners (id) ON DELETE CASCADE,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX owner_sign_in_links_owner_idx ON owner_sign_in_links (owner_id);
