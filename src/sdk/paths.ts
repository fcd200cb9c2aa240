/**
 * The spec names the platform's internal paths; its public hosts serve them under other prefixes.
 * The first mapping whose internal prefix matches wins, so more specific prefixes come first.
 */
export interface PathMapping {
  internal: string;
  public: string;
}

export const DEFAULT_PATH_MAPPINGS: readonly PathMapping[] = [
  { internal: '/v1/oauth', public: '/oauth2' },
  { internal: '/v1/redirect-session', public: '/_api/redirects-api/v1/redirect-session' },
  { internal: '/v1/logout', public: '/_api/iam/authentication/v1/logout' },
  { internal: '/v1/recovery', public: '/_api/iam/recovery/v1' },
  { internal: '/v1/verification', public: '/_api/iam/verification/v1' },
  { internal: '/v2', public: '/_api/iam/authentication/v2' },
];

/** Whether `path` is `prefix` or lies below it; a prefix matches whole segments only. */
export function prefixMatches(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

/** Paths that match no mapping (e.g. `/oauth/access`, `/graphql/alpha`) travel unchanged. */
export function resolvePublicPath(path: string, mappings: readonly PathMapping[] = DEFAULT_PATH_MAPPINGS): string {
  const mapping = mappings.find((m) => prefixMatches(path, m.internal));
  return mapping ? mapping.public + path.slice(mapping.internal.length) : path;
}
