-- The visitor's e-mail after a lead, double opt-in and the consent record (docs/visitor-email.md).
-- The visitor's e-mail is a delivery like any other, to one destination of its own per site (kind 'visitor_email',
-- made when a pop-up first sends one), so that it is retried and never sent twice for one lead.
ALTER TABLE destinations DROP CONSTRAINT destinations_kind_check;
ALTER TABLE destinations ADD CONSTRAINT destinations_kind_check
  CHECK (kind IN ('webhook', 'email', 'mailchimp', 'klaviyo', 'hubspot', 'visitor_email'));
CREATE UNIQUE INDEX destinations_visitor_email_idx ON destinations (client_id) WHERE kind = 'visitor_email';

-- Who the visitor's e-mail comes from, where replies go, and the owner's privacy page it links to.
ALTER TABLE clients ADD COLUMN email_sender_name TEXT;
ALTER TABLE clients ADD COLUMN email_reply_to TEXT;
ALTER TABLE clients ADD COLUMN privacy_url TEXT;

-- Double opt-in: 'unconfirmed' until the visitor clicks the link of their e-mail, then 'confirmed' (at confirmed_at);
-- null for a lead of a pop-up without it. An unconfirmed lead goes only to destinations that do not require a
-- confirmation; the others get it when it is confirmed.
ALTER TABLE conversions ADD COLUMN opt_in TEXT CHECK (opt_in IN ('unconfirmed', 'confirmed'));
ALTER TABLE conversions ADD COLUMN confirmed_at TIMESTAMPTZ;
CREATE INDEX conversions_unconfirmed_idx ON conversions (created_at) WHERE opt_in = 'unconfirmed';
-- What the visitor agreed to, for a form with a consent box: the exact text shown, its language, the box's state,
-- when and on which page (the confirmation time is confirmed_at).
ALTER TABLE conversions ADD COLUMN consent JSONB;

-- Addresses that asked for no more of a site's visitor e-mails, as keyed hashes (like the erasure log).
CREATE TABLE email_unsubscribes (
  client_id TEXT NOT NULL REFERENCES clients (client_id) ON DELETE CASCADE,
  email_hmac TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, email_hmac)
);
