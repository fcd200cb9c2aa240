// Per-site API tokens as both ends see them: the console lists and makes them with these shapes, and the server
// (server/owner/token-scopes.ts, server/owner/accounts.ts) answers with them. Constants and types only.

/** What a token may do on its site, each opening the owner routes listed in server/owner/token-scopes.ts. */
export const SITE_TOKEN_SCOPES = [
  'leads:read',
  'leads:write',
  'popups:write',
  'destinations:write',
  'people:erase',
  'hooks:write',
] as const;
export type SiteTokenScope = (typeof SITE_TOKEN_SCOPES)[number];

/** A token made without a choice of scopes reads leads and nothing else. */
export const DEFAULT_SITE_TOKEN_SCOPES: readonly SiteTokenScope[] = ['leads:read'];

/**
 * Who made a token: an owner (their e-mail), or an owner key (OWNER_TOKEN, or the client's own token of its
 * file); null for a token made before creators were recorded, whose maker nobody knows any more.
 */
export type SiteTokenCreator = { email: string } | { key: 'OWNER_TOKEN' | 'client token' } | null;

export interface SiteToken {
  id: number;
  name: string;
  scopes: SiteTokenScope[];
  createdBy: SiteTokenCreator;
  createdAt: string;
  lastUsedAt: string | null;
}
