-- A site's owner may have leads from throwaway e-mail domains set aside as spam (server/spam.ts); off by default.
ALTER TABLE clients ADD COLUMN refuse_disposable_email BOOLEAN NOT NULL DEFAULT false;
