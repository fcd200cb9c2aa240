/**
 * Reads the free-mail domain list of `GET /api/display/validation-emails`: one domain per line.
 * Blank lines and `#` comments are skipped; a leading @ is dropped; the set is lower-case.
 */
export function parseDomainList(text: string): Set<string> {
  const domains = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const domain = line.trim().replace(/^@/, '').toLowerCase();
    if (domain !== '' && !domain.startsWith('#')) domains.add(domain);
  }
  return domains;
}

/**
 * True when the address's domain, or a domain it belongs to (mx.mailinator.com under mailinator.com),
 * is on the free-mail list.
 */
export function isFreeMailAddress(address: string, freeMailDomains: ReadonlySet<string>): boolean {
  const at = address.lastIndexOf('@');
  if (at < 0) return false;
  const labels = address
    .slice(at + 1)
    .trim()
    .toLowerCase()
    .split('.');
  for (let start = 0; start < labels.length - 1; start++) {
    if (freeMailDomains.has(labels.slice(start).join('.'))) return true;
  }
  return false;
}
