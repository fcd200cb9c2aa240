// The owner API's accounts, sites and pop-ups as the console reads them: types only, shared by server and console.
import type { SiteRecord } from '../../src/core/api/site-contract.ts';

export type Language = 'en' | 'he';

/** The signed-in owner (`GET /api/auth/me`). */
export interface Owner {
  id: number;
  email: string;
  name: string;
  isAdmin: boolean;
  language: Language;
}

/** An owner as the admin sees them, with the sites granted (`/api/admin/owners`). */
export interface OwnerWithSites extends Owner {
  sites: string[];
}

/** A site as the owner API answers it. */
export interface Site extends SiteRecord {
  language: Language;
}

export type PopupStatus = 'live' | 'paused' | 'draft';

/** A pop-up of a site's list (`GET /api/owner/{clientId}/popups`). */
export interface PopupSummary {
  id: string;
  name: string;
  type: string;
  status: PopupStatus;
  hasUnpublishedChanges: boolean;
  updatedAt: string;
  publishedAt: string | null;
  /** The published configuration's schedule, as written (the console says when it starts or ended); else null. */
  schedule: unknown;
}

/** A pop-up with its draft and published configurations. */
export interface PopupDetail extends PopupSummary {
  draft: Record<string, unknown>;
  published: Record<string, unknown> | null;
  revision: number;
}

/** A saved revision of a pop-up. */
export interface RevisionSummary {
  revision: number;
  savedAt: string;
  savedBy: string;
  published: boolean;
}
