import { editDistance } from './edit-distance.ts';

/** Widget §5: a typo suggestion clears 3 s after it is shown. */
export const SUGGESTION_CLEAR_MS = 3000;

/** Mail domains visitors type most, most common first: earlier entries win ties and auto-fill. */
export const COMMON_EMAIL_DOMAINS: readonly string[] = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'aol.com',
  'walla.co.il',
  'walla.com',
  'hotmail.co.il',
  'live.com',
  'msn.com',
  'me.com',
  'mail.com',
  'googlemail.com',
  'ymail.com',
  'protonmail.com',
  'yahoo.co.uk',
  'hotmail.co.uk',
  'bezeqint.net',
  'netvision.net.il',
  'zahav.net.il',
  '012.net.il',
  'gmx.com',
  'gmx.de',
  'web.de',
];

// Misspelt top-level domains that are not real ones ("cm" and "om" are, so they are not here).
const TLD_TYPOS: Readonly<Record<string, string>> = {
  con: 'com',
  cpm: 'com',
  cmo: 'com',
  ocm: 'com',
  comm: 'com',
  coom: 'com',
  vom: 'com',
  xom: 'com',
  clm: 'com',
  nte: 'net',
  ent: 'net',
  nett: 'net',
  ogr: 'org',
  rog: 'org',
  orgg: 'org',
};

const MAX_EDITS = 2;

interface SplitAddress {
  local: string;
  domain: string;
}

function splitAddress(value: string): SplitAddress | null {
  const address = value.trim();
  const at = address.lastIndexOf('@');
  if (at <= 0 || address.indexOf('@') !== at) return null;
  return { local: address.slice(0, at), domain: address.slice(at + 1).toLowerCase() };
}

function closestCommonDomain(domain: string): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of COMMON_EMAIL_DOMAINS) {
    const distance = editDistance(domain, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  // A short domain two edits away from a common one is as likely to be a real, different domain.
  const allowed = Math.min(MAX_EDITS, Math.floor(domain.length / 4));
  return bestDistance > 0 && bestDistance <= allowed ? best : null;
}

function fixTopLevelDomain(domain: string): string | null {
  const dot = domain.lastIndexOf('.');
  if (dot <= 0) return null;
  const fixed = TLD_TYPOS[domain.slice(dot + 1)];
  return fixed ? `${domain.slice(0, dot)}.${fixed}` : null;
}

/**
 * The address the visitor probably meant ("dan@gmial.com" → "dan@gmail.com"), or null when the domain
 * is a common one already or is not close to one. The local part is kept as typed.
 */
export function suggestEmailCorrection(value: string): string | null {
  const parts = splitAddress(value);
  if (!parts || parts.domain === '' || COMMON_EMAIL_DOMAINS.includes(parts.domain)) return null;
  const domain = closestCommonDomain(parts.domain) ?? fixTopLevelDomain(parts.domain);
  return domain ? `${parts.local}@${domain}` : null;
}

/**
 * While typing: the first common domain that begins with what follows the @ ("dan@gm" → "dan@gmail.com"),
 * or null when nothing was typed after the @ or nothing longer matches.
 */
export function autocompleteEmailDomain(value: string): string | null {
  const parts = splitAddress(value);
  if (!parts || parts.domain === '') return null;
  const domain = COMMON_EMAIL_DOMAINS.find(
    (candidate) => candidate.startsWith(parts.domain) && candidate !== parts.domain,
  );
  return domain ? `${parts.local}@${domain}` : null;
}
