/** The error catalogue of site §8: every error names the status, the request id and the reply details. */
import { isRecord } from './records.ts';

export interface FieldViolation {
  field: string;
  description: string;
  violatedRule?: string;
  ruleName?: string;
  data?: Record<string, unknown>;
}

export interface ApplicationErrorDetails {
  description: string;
  code: string;
  data?: unknown;
}

export interface ErrorDetails {
  validationError?: { fieldViolations?: FieldViolation[] };
  applicationError?: ApplicationErrorDetails;
  [key: string]: unknown;
}

interface PlatformErrorInit {
  status?: number;
  requestId?: string;
  details?: ErrorDetails;
}

/** Base of every error this client throws, so callers can read status, request id and details uniformly. */
export class PlatformError extends Error {
  override name = 'PlatformError';
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly details: ErrorDetails;

  constructor(message: string, init: PlatformErrorInit = {}) {
    super(message);
    this.status = init.status;
    this.requestId = init.requestId;
    this.details = init.details ?? {};
  }
}

export type SdkErrorKind = 'validation' | 'application' | 'client' | 'system';

/** An API call answered with a status other than 200. */
export class SdkError extends PlatformError {
  override name = 'SdkError';
  readonly kind: SdkErrorKind;
  readonly code: string | undefined;
  readonly data: unknown;

  constructor(message: string, init: PlatformErrorInit & { kind: SdkErrorKind; code?: string; data?: unknown }) {
    super(message, init);
    this.kind = init.kind;
    this.code = init.code;
    this.data = init.data;
  }
}

export type OAuthErrorCode =
  | 'unexpected_status'
  | 'missing_app_secret'
  | 'missing_refresh_token'
  | 'missing_instance_id'
  | 'missing_access_token'
  | 'token_not_for_app'
  | 'missing_public_key'
  | 'invalid_jwt'
  | 'invalid_callback'
  | 'state_mismatch'
  | 'flow_failed'
  | 'origin_not_allowed'
  | 'flow_unavailable'
  | 'flow_timed_out';

export class OAuthError extends PlatformError {
  override name = 'OAuthError';
  readonly code: OAuthErrorCode;

  constructor(code: OAuthErrorCode, message: string, init: PlatformErrorInit = {}) {
    super(message, init);
    this.code = code;
  }
}

export const CONTEXT_NOT_AVAILABLE_MESSAGE = 'Wix context is not available';

export class ContextError extends PlatformError {
  override name = 'ContextError';
  constructor() {
    super(CONTEXT_NOT_AVAILABLE_MESSAGE);
  }
}

/** "Not Found" -> "NOT_FOUND", "I'm a teapot" -> "IM_A_TEAPOT". */
export function toUpperSnakeCase(text: string): string {
  return text
    .replace(/['’]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}

// HTTP/2 replies carry no status text, so the common 4xx reason phrases are known here.
const REASON_PHRASES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  428: 'Precondition Required',
  429: 'Too Many Requests',
};

export function statusTextOf(status: number, statusText: string): string {
  return statusText || REASON_PHRASES[status] || `Status ${status}`;
}

export function systemErrorMessage(requestId: string | undefined): string {
  return `System error occurred, request-id: ${requestId ?? ''}`;
}

export interface FailedReply {
  status: number;
  statusText: string;
  requestId: string | undefined;
  /** The parsed JSON body, or undefined when the reply had none or it was not JSON. */
  body: unknown;
}

function readDetails(body: unknown): ErrorDetails {
  if (!isRecord(body) || !isRecord(body.details)) return {};
  return body.details as ErrorDetails;
}

function validationMessage(violations: FieldViolation[]): string {
  const sorted = [...violations].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  return `INVALID_ARGUMENT: ${sorted.map((v) => `"${v.field ?? ''}" ${v.description ?? ''}`.trimEnd()).join(', ')}`;
}

/** Turns a reply whose status is not 200 into the matching error of the catalogue. */
export function sdkErrorFromReply(reply: FailedReply): SdkError {
  const { status, requestId } = reply;
  const details = readDetails(reply.body);
  const violations = details.validationError?.fieldViolations;
  if (Array.isArray(violations) && violations.length > 0) {
    return new SdkError(validationMessage(violations), {
      kind: 'validation',
      code: 'INVALID_ARGUMENT',
      status,
      requestId,
      details,
    });
  }
  const application = details.applicationError;
  if (isRecord(application)) {
    return new SdkError(String(application.description ?? ''), {
      kind: 'application',
      code: application.code === undefined ? undefined : String(application.code),
      data: application.data,
      status,
      requestId,
      details,
    });
  }
  if (status >= 400 && status < 500) {
    const text = statusTextOf(status, reply.statusText);
    const body = reply.body;
    const message = isRecord(body) && typeof body.message === 'string' && body.message ? body.message : text;
    return new SdkError(message, { kind: 'client', code: toUpperSnakeCase(text), status, requestId, details });
  }
  return new SdkError(systemErrorMessage(requestId), { kind: 'system', status, requestId, details });
}
