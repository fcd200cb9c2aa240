/** Identities as the platform describes them (site §3-§4): status, profile, factors, privacy, subjects. */
import { isRecord } from './records.ts';

export const IDENTITY_STATUSES = ['PENDING', 'ACTIVE', 'DELETED', 'BLOCKED', 'OFFLINE'] as const;
export type IdentityStatus = (typeof IDENTITY_STATUSES)[number];

export const PENDING_REASONS = ['ADMIN_APPROVAL_REQUIRED', 'EMAIL_VERIFICATION_REQUIRED'] as const;
export type PendingReason = (typeof PENDING_REASONS)[number];

export const FACTOR_TYPES = ['PASSWORD', 'SMS', 'CALL', 'EMAIL', 'TOTP', 'PUSH', 'WEBAUTHN', 'RECOVERY_CODE'] as const;
export type FactorType = (typeof FACTOR_TYPES)[number];

export const FACTOR_STATUSES = [
  'ENABLED',
  'REQUIRE_ACTIVATION',
  'REQUIRE_REENROLL',
  'ENABLED_BY_RULE',
  'DISABLED_BY_RULE',
] as const;
export type FactorStatus = (typeof FACTOR_STATUSES)[number];

export const MFA_REASONS = ['USER_SETTINGS', 'HIGH_RISK_LOGIN'] as const;
export type MfaReason = (typeof MFA_REASONS)[number];

export const PRIVACY_STATUSES = ['PUBLIC', 'PRIVATE'] as const;
export type PrivacyStatus = (typeof PRIVACY_STATUSES)[number];

/** Who a token-info reply says a token belongs to. */
export const SUBJECT_TYPES = ['UNKNOWN', 'USER', 'VISITOR', 'MEMBER', 'APP'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

/** Who caused a webhook event. */
export const IDENTITY_TYPES = ['ANONYMOUS_VISITOR', 'MEMBER', 'WIX_USER', 'APP'] as const;
export type IdentityType = (typeof IDENTITY_TYPES)[number];

export interface CustomValue {
  strValue?: string;
  numValue?: number;
  /** An ISO-8601 date-time. */
  dateValue?: string;
  listValue?: { value: CustomValue[] };
  mapValue?: { value: Record<string, CustomValue> };
}

export interface CustomField {
  name: string;
  value: CustomValue;
}

export interface PostalAddress {
  country?: string;
  subdivision?: string;
  city?: string;
  postalCode?: string;
  addressLine?: string;
  addressLine2?: string;
}

export interface TaggedAddress {
  /** HOME, WORK, BILLING, SHIPPING or a tag of the site's own. */
  tag?: string;
  address: PostalAddress;
}

export interface IdentityProfile {
  firstName?: string;
  lastName?: string;
  nickname?: string;
  picture?: string;
  language?: string;
  birthdate?: string;
  position?: string;
  company?: string;
  emails?: string[];
  phones?: string[];
  labels?: string[];
  privacyStatus?: PrivacyStatus;
  customFields?: CustomField[];
  addresses?: TaggedAddress[];
}

export interface Factor {
  factorId: string;
  type: FactorType;
  status: FactorStatus;
}

export interface Identity {
  id: string;
  revision?: string;
  createdDate?: string;
  updatedDate?: string;
  email?: { address: string; isVerified?: boolean };
  status?: { name: IdentityStatus; reasons?: PendingReason[] };
  identityProfile?: IdentityProfile;
  factors?: Factor[];
}

export interface MfaChallenge {
  reason: MfaReason;
  factors: Factor[];
}

/** The identity a webhook names; which id is set follows from the identity type. */
export interface WebhookIdentity {
  identityType: IdentityType;
  anonymousVisitorId?: string;
  memberId?: string;
  wixUserId?: string;
  appId?: string;
}

export function isOneOf<T extends string>(values: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}

function readCustomValue(raw: unknown): CustomValue {
  if (!isRecord(raw)) return {};
  const value: CustomValue = {};
  if (typeof raw.strValue === 'string') value.strValue = raw.strValue;
  // Numbers may travel as strings (64-bit values in the platform's JSON), so both are accepted.
  if (raw.numValue !== undefined && raw.numValue !== null && Number.isFinite(Number(raw.numValue)))
    value.numValue = Number(raw.numValue);
  if (typeof raw.dateValue === 'string') value.dateValue = raw.dateValue;
  if (isRecord(raw.listValue) && Array.isArray(raw.listValue.value))
    value.listValue = { value: raw.listValue.value.map(readCustomValue) };
  if (isRecord(raw.mapValue) && isRecord(raw.mapValue.value)) {
    value.mapValue = {
      value: Object.fromEntries(Object.entries(raw.mapValue.value).map(([k, v]) => [k, readCustomValue(v)])),
    };
  }
  return value;
}

function readProfile(raw: unknown): IdentityProfile | undefined {
  if (!isRecord(raw)) return undefined;
  const profile = { ...raw } as IdentityProfile;
  if (!isOneOf(PRIVACY_STATUSES, raw.privacyStatus)) delete profile.privacyStatus;
  if (Array.isArray(raw.customFields)) {
    profile.customFields = raw.customFields
      .filter(isRecord)
      .map((field) => ({ name: String(field.name ?? ''), value: readCustomValue(field.value) }));
  }
  if (Array.isArray(raw.addresses)) {
    profile.addresses = raw.addresses.filter(isRecord).map((entry) => ({
      ...(typeof entry.tag === 'string' ? { tag: entry.tag } : {}),
      address: (isRecord(entry.address) ? entry.address : {}) as PostalAddress,
    }));
  }
  return profile;
}

/** Reads an identity from a reply; unknown enum values are dropped instead of being passed on mistyped. */
export function readIdentity(raw: unknown): Identity | undefined {
  if (!isRecord(raw) || typeof raw.id !== 'string') return undefined;
  const identity: Identity = { id: raw.id };
  for (const key of ['revision', 'createdDate', 'updatedDate'] as const)
    if (typeof raw[key] === 'string') identity[key] = raw[key] as string;
  if (isRecord(raw.email) && typeof raw.email.address === 'string') {
    identity.email = { address: raw.email.address, isVerified: raw.email.isVerified === true };
  }
  if (isRecord(raw.status) && isOneOf(IDENTITY_STATUSES, raw.status.name)) {
    const reasons = Array.isArray(raw.status.reasons)
      ? raw.status.reasons.filter((r) => isOneOf(PENDING_REASONS, r))
      : undefined;
    identity.status = { name: raw.status.name, ...(reasons ? { reasons } : {}) };
  }
  const profile = readProfile(raw.identityProfile);
  if (profile) identity.identityProfile = profile;
  if (Array.isArray(raw.factors)) {
    identity.factors = raw.factors.filter(
      (f): f is Factor =>
        isRecord(f) &&
        typeof f.factorId === 'string' &&
        isOneOf(FACTOR_TYPES, f.type) &&
        isOneOf(FACTOR_STATUSES, f.status),
    );
  }
  return identity;
}

export function readWebhookIdentity(raw: unknown): WebhookIdentity | undefined {
  if (!isRecord(raw) || !isOneOf(IDENTITY_TYPES, raw.identityType)) return undefined;
  const identity: WebhookIdentity = { identityType: raw.identityType };
  for (const key of ['anonymousVisitorId', 'memberId', 'wixUserId', 'appId'] as const) {
    if (typeof raw[key] === 'string') identity[key] = raw[key] as string;
  }
  return identity;
}
