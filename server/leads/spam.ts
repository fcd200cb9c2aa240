import { createRequire } from 'node:module';
import { HONEYPOT_FIELD, SINCE_PAGE_LOAD_FIELD } from '../../src/core/api/contract.ts';
import { readString } from '../../src/core/config/values.ts';

/**
 * How a lead is judged. Only what almost surely comes from a bot is hidden from the owner's list (`spam_reason`);
 * a lead that merely looks quick keeps its place in the list with its reason beside it (`spam_suspicion`), since
 * browser autofill makes real visitors fast. docs/security.md says what each rule catches and may wrongly catch.
 */
export interface SpamVerdict {
  /** Hidden from the list: 'honeypot' (the trap field was filled), 'impossible-timing' or 'disposable-domain'. */
  spam_reason: string | null;
  /** Listed, with this reason shown; the store adds 'fast-after-view' (StoreOptions.spamMinSubmitMs). */
  spam_suspicion: string | null;
}

/**
 * No person opens a page, waits for its pop-up to show, fills a form and presses its button in less than this,
 * counted from the start of the page's navigation (the widget sends `performance.now()` at the submit).
 */
export const IMPOSSIBLE_SUBMIT_MS = 1_000;

/** What the widget sent as the time since page load, in ms; null when absent or not a number. */
export function sincePageLoadMs(body: Record<string, unknown>): number | null {
  const text = readString(body[SINCE_PAGE_LOAD_FIELD]).trim();
  if (!/^\d{1,15}(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/** A site's settings of the rules, and the server's. */
export interface SpamRules {
  /** Leads sent sooner after their page began to load are hidden (StoreOptions.spamImpossibleSubmitMs). */
  impossibleSubmitMs?: number;
  /** The site's owner set aside leads from throwaway e-mail domains (`clients.refuse_disposable_email`). */
  refuseDisposable?: boolean;
}

export function judgeLead(body: Record<string, unknown>, email: string | null, rules: SpamRules = {}): SpamVerdict {
  // A person never sees the trap field (see the widget's form binding); whatever fills it is a bot.
  if (readString(body[HONEYPOT_FIELD])) return { spam_reason: 'honeypot', spam_suspicion: null };
  const sinceLoad = sincePageLoadMs(body);
  if (sinceLoad !== null && sinceLoad < (rules.impossibleSubmitMs ?? IMPOSSIBLE_SUBMIT_MS))
    return { spam_reason: 'impossible-timing', spam_suspicion: null };
  if (email && rules.refuseDisposable && isDisposableEmail(email))
    return { spam_reason: 'disposable-domain', spam_suspicion: null };
  return { spam_reason: null, spam_suspicion: null };
}

/** The reasons a rule of this file hides a lead for, in the order the console lists them. */
export const SPAM_RULES = ['honeypot', 'impossible-timing', 'disposable-domain'] as const;

/**
 * The rule that refuses a lead instead of hiding it: a form of a site that requires it proves a little work
 * (server/leads/spam-challenge.ts). Its leads are not stored, so it is counted apart (`spam_refusals`).
 */
export const PROOF_OF_WORK_RULE = 'proof-of-work';

let disposableDomains: Set<string> | null = null;

/**
 * Whether the address's domain, or a domain it is under (a.mailinator.com), is a throwaway mail service's.
 * The list (~120,000 domains) is read on the first lead of a site that refuses them, not at start.
 */
export function isDisposableEmail(email: string): boolean {
  disposableDomains ??= new Set(createRequire(import.meta.url)('disposable-email-domains') as string[]);
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase()
    .replace(/\.$/, '');
  const labels = domain.split('.');
  for (let start = 0; start < labels.length - 1; start++)
    if (disposableDomains.has(labels.slice(start).join('.'))) return true;
  return false;
}
