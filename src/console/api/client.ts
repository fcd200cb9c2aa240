/** The owner API of the console (docs: the console API contract), one function per call, same origin. */

import type {
  Language,
  Owner as OwnerRecord,
  OwnerWithSites,
  PopupDetail,
  PopupStatus,
  PopupSummary,
  RevisionSummary,
  Site,
} from '../../../server/owner/contract.ts';
import type { TemplateSummary } from '../../../server/owner/template-contract.ts';
import type { CouponSource, CouponSourceInput, LeadRetention } from '../../core/api/coupon-contract.ts';
import type { SiteInstallation, SpamFilter } from '../../core/api/site-contract.ts';
import type { SiteTokenCreator, SiteTokenScope } from '../../core/api/site-token-contract.ts';

export type { PopupStatus, PopupSummary, Site };
/** A pop-up with its draft and published configurations, as the editor opens it. */
export type Popup = PopupDetail;
export type Revision = RevisionSummary;
export type Owner = OwnerRecord;
export type ManagedOwner = OwnerWithSites;
export interface ApiToken {
  id: string;
  name: string;
  scopes: SiteTokenScope[];
  createdBy: SiteTokenCreator;
  createdAt: string;
  lastUsedAt: string | null;
}
export type Config = Record<string, unknown>;
/** A template as the gallery lists it. */
export type Template = TemplateSummary;
export interface FieldProblem {
  field: string;
  message: string;
}
/** `sanitizer` may be null: DOMPurify needs a DOM, and the console then runs it itself (model/sanitizer.ts). */
export interface Validation {
  ok: boolean;
  fields: FieldProblem[];
  sanitizer: { removed: { element?: string; attribute?: string }[] } | null;
}

export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly fields: FieldProblem[] = [],
  ) {
    super(message);
  }
}

export async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { accept: 'application/json' }
          : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, 'The server cannot be reached. Check your connection and try again.');
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const record = (data && typeof data === 'object' ? data : {}) as { message?: unknown; fields?: unknown };
    const fields = Array.isArray(record.fields) ? (record.fields as FieldProblem[]) : [];
    throw new ApiError(
      response.status,
      typeof record.message === 'string' ? record.message : `${response.status} ${response.statusText}`,
      fields,
    );
  }
  return data as T;
}

export const site = (clientId: string) => `/api/owner/${encodeURIComponent(clientId)}`;
const popup = (clientId: string, id: string) => `${site(clientId)}/popups/${encodeURIComponent(id)}`;

export const api = {
  signIn: (email: string, password: string) => call<{ owner: Owner }>('POST', '/api/auth/sign-in', { email, password }),
  signInOptions: () => call<{ signInLink: boolean }>('GET', '/api/auth/sign-in-options'),
  askSignInLink: (email: string) => call<{ message: string }>('POST', '/api/auth/sign-in-link', { email }),
  signInByLink: (token: string) => call<{ owner: Owner }>('POST', '/api/auth/sign-in-link/use', { token }),
  signOut: () => call<void>('POST', '/api/auth/sign-out'),
  signOutEverywhere: () => call<void>('POST', '/api/auth/sign-out-everywhere'),
  me: () => call<{ owner: Owner; sites: Site[] }>('GET', '/api/auth/me'),
  updateMe: (changes: { name?: string; language?: Language }) =>
    call<{ owner: Owner }>('PATCH', '/api/auth/me', changes),
  changePassword: (currentPassword: string, newPassword: string) =>
    call<void>('POST', '/api/auth/password', { currentPassword, newPassword }),

  sites: () => call<{ sites: Site[] }>('GET', '/api/owner/sites'),
  createSite: (input: {
    clientId?: string;
    name?: string;
    address?: string;
    allowedOrigins?: string[];
    language: Language;
    timeZone?: string;
  }) => call<{ site: Site }>('POST', '/api/owner/sites', input),
  site: (clientId: string) =>
    call<{ site: Site; embed: { script: string }; installation: SiteInstallation }>('GET', `${site(clientId)}/site`),
  updateSite: (
    clientId: string,
    changes: {
      name?: string;
      allowedOrigins?: string[];
      language?: Language;
      timeZone?: string;
      emailSenderName?: string;
      emailReplyTo?: string;
      privacyUrl?: string;
    },
  ) => call<{ site: Site }>('PATCH', `${site(clientId)}/site`, changes),
  tokens: (clientId: string) => call<{ tokens: ApiToken[] }>('GET', `${site(clientId)}/tokens`),
  createToken: (clientId: string, name: string, scopes: SiteTokenScope[]) =>
    call<{ token: ApiToken; secret: string }>('POST', `${site(clientId)}/tokens`, { name, scopes }),
  revokeToken: (clientId: string, tokenId: string) =>
    call<void>('DELETE', `${site(clientId)}/tokens/${encodeURIComponent(tokenId)}`),

  popups: (clientId: string) => call<{ popups: PopupSummary[] }>('GET', `${site(clientId)}/popups`),
  createPopup: (clientId: string, from: { templateId: string } | { config: Config }) =>
    call<{ popup: Popup }>('POST', `${site(clientId)}/popups`, from),
  popup: (clientId: string, id: string) => call<{ popup: Popup }>('GET', popup(clientId, id)),
  saveDraft: (clientId: string, id: string, draft: Config, revision: number) =>
    call<{ popup: Popup }>('PUT', popup(clientId, id), { draft, revision }),
  publish: (clientId: string, id: string) => call<{ popup: Popup }>('POST', `${popup(clientId, id)}/publish`),
  pause: (clientId: string, id: string) => call<{ popup: Popup }>('POST', `${popup(clientId, id)}/pause`),
  resume: (clientId: string, id: string) => call<{ popup: Popup }>('POST', `${popup(clientId, id)}/resume`),
  duplicate: (clientId: string, id: string) => call<{ popup: Popup }>('POST', `${popup(clientId, id)}/duplicate`),
  deletePopup: (clientId: string, id: string) => call<void>('DELETE', popup(clientId, id)),
  revisions: (clientId: string, id: string) =>
    call<{ revisions: Revision[] }>('GET', `${popup(clientId, id)}/revisions`),
  restore: (clientId: string, id: string, revision: number) =>
    call<{ popup: Popup }>('POST', `${popup(clientId, id)}/revisions/${revision}/restore`),
  validate: (clientId: string, config: Config) =>
    call<Validation>('POST', `${site(clientId)}/popups/validate`, { config }),
  previewLink: (clientId: string, id: string, url: string) =>
    call<{ url: string }>('GET', `${popup(clientId, id)}/preview-link?url=${encodeURIComponent(url)}`),

  templates: () => call<{ templates: Template[] }>('GET', '/api/owner/templates'),
  template: (id: string, language: Language) =>
    call<{ template: { id: string; config: Config } }>(
      'GET',
      `/api/owner/templates/${encodeURIComponent(id)}?language=${language}`,
    ),

  owners: () => call<{ owners: ManagedOwner[] }>('GET', '/api/admin/owners'),
  createOwner: (input: { email: string; name: string; password: string; isAdmin: boolean; sites: string[] }) =>
    call<{ owner: Owner }>('POST', '/api/admin/owners', input),
  updateOwner: (id: number, changes: { name?: string; isAdmin?: boolean; sites?: string[]; password?: string }) =>
    call<unknown>('PATCH', `/api/admin/owners/${id}`, changes),
  deleteOwner: (id: number) => call<void>('DELETE', `/api/admin/owners/${id}`),
};

export const couponApi = {
  sources: (clientId: string) => call<{ sources: CouponSource[] }>('GET', `${site(clientId)}/coupons`),
  save: (clientId: string, source: CouponSourceInput) =>
    call<{ source: CouponSource }>('PUT', `${site(clientId)}/coupons`, source),
  remove: (clientId: string, id: number) => call<void>('DELETE', `${site(clientId)}/coupons/${id}`),
  upload: (clientId: string, id: number, csv: string, replace: boolean) =>
    call<{ added: number; skipped: number; source: CouponSource }>('POST', `${site(clientId)}/coupons/${id}/codes`, {
      csv,
      replace,
    }),
  retention: (clientId: string) => call<LeadRetention>('GET', `${site(clientId)}/lead-retention`),
  setRetention: (clientId: string, months: LeadRetention['months']) =>
    call<LeadRetention>('PUT', `${site(clientId)}/lead-retention`, { months }),
  spamFilter: (clientId: string) => call<SpamFilter>('GET', `${site(clientId)}/spam-filter`),
  setSpamFilter: (clientId: string, change: Partial<Pick<SpamFilter, 'refuseDisposable' | 'requireProofOfWork'>>) =>
    call<SpamFilter>('PUT', `${site(clientId)}/spam-filter`, change),
};
