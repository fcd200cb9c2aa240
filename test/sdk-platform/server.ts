// A fake of the website platform the SDK talks to: a real HTTP server on 127.0.0.1 that speaks the
// public wire format (paths, snake_case token replies, x-wix-request-id, X-Wix-Consistent, JWKS).
// Handlers check request bodies and headers exactly; a mismatch is answered with 400 and recorded as a
// violation, which the tests read back through the control API (/__control/...) from Node or Chromium.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  ACCESS_TOKEN_SECONDS,
  API_KEY,
  APP,
  activeMemberIdentity,
  CLIENT_ID,
  MEMBERS,
  RECOVERY_TOKEN,
  VALID_CAPTCHA,
  VERIFICATION_CODE,
  WIX_PRODUCTS,
  WIX_STORES_APP_ID,
} from './fixtures.ts';
import { publicJwk, publicKeyPem, type SignOptions, signJwt } from './keys.ts';

export interface RecordedRequest {
  seq: number;
  method: string;
  path: string;
  query: Record<string, string[]>;
  headers: Record<string, string>;
  body: unknown;
}

export interface Script {
  method?: string;
  path: string;
  status: number;
  statusText?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** How many matching requests it answers (1 by default). */
  times?: number;
  /** Never answer: for time-out tests. */
  hang?: boolean;
}

export interface PlatformConfig {
  /** Origins the OAuth client may receive codes at (the redirect URI's origin). */
  allowedOrigins: string[];
  requireCaptcha: boolean;
  registration: 'open' | 'owner-approval' | 'email-verification';
}

type TokenKind = 'visitor' | 'member' | 'app' | 'app-user';

interface AccessRecord {
  kind: TokenKind;
  subjectId: string;
  clientId: string;
  instanceId?: string;
  iat: number;
  exp: number;
  revoked?: boolean;
}

interface RefreshRecord {
  kind: TokenKind;
  subjectId: string;
  clientId: string;
}

interface MemberRecord {
  id: string;
  email: string;
  password: string;
  behaviour: 'active' | 'approval' | 'verify' | 'reset' | 'status-check';
}

interface Caller {
  kind: TokenKind | 'api-key';
  subjectId: string;
  token: string;
}

const ANALYTICS_PATTERN = /^environment=js-sdk,package-name=[^,]+,method-fqn=[^,]+$/;

function defaultConfig(): PlatformConfig {
  return { allowedOrigins: [], requireCaptcha: false, registration: 'open' };
}

function defaultMembers(): Map<string, MemberRecord> {
  const entries: MemberRecord[] = [
    { ...MEMBERS.active, behaviour: 'active' },
    { ...MEMBERS.awaitingApproval, behaviour: 'approval' },
    { ...MEMBERS.unverified, behaviour: 'verify' },
    { ...MEMBERS.mustReset, behaviour: 'reset' },
    { ...MEMBERS.statusCheck, behaviour: 'status-check' },
  ];
  return new Map(entries.map((m) => [m.email, m]));
}

class PlatformState {
  seq = 0;
  requests: RecordedRequest[] = [];
  violations: string[] = [];
  scripts: Script[] = [];
  config = defaultConfig();
  members = defaultMembers();
  access = new Map<string, AccessRecord>();
  refresh = new Map<string, RefreshRecord>();
  legacyRefresh = new Map<string, string>();
  sessionTokens = new Map<string, string>();
  stateTokens = new Map<string, string>();
  codes = new Map<string, { clientId: string; redirectUri: string; codeChallenge: string; memberId: string }>();
  sessions = new Map<string, Record<string, unknown>>();
  /** Each visitor's or member's current cart, by subject. */
  carts = new Map<string, WixCart>();
  counter = 0;

  next(prefix: string): string {
    this.counter += 1;
    return `${prefix}-${this.counter}-${randomBytes(3).toString('hex')}`;
  }

  issueAccess(kind: TokenKind, subjectId: string, clientId: string, seconds: number, instanceId?: string): string {
    const token = this.next(`at-${kind}`);
    const now = Math.floor(Date.now() / 1000);
    this.access.set(token, { kind, subjectId, clientId, instanceId, iat: now, exp: now + seconds });
    return token;
  }

  issueTokens(kind: 'visitor' | 'member', subjectId: string, clientId: string): Record<string, unknown> {
    const refreshToken = this.next(`rt-${kind}`);
    this.refresh.set(refreshToken, { kind, subjectId, clientId });
    return {
      access_token: this.issueAccess(kind, subjectId, clientId, ACCESS_TOKEN_SECONDS),
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: refreshToken,
      token_type: 'Bearer',
      scope: 'offline_access',
    };
  }
}

class Exchange {
  replied = false;

  constructor(
    readonly state: PlatformState,
    readonly request: RecordedRequest,
    readonly res: ServerResponse,
    readonly baseUrl: string,
  ) {}

  get body(): Record<string, unknown> {
    return (this.request.body ?? {}) as Record<string, unknown>;
  }

  header(name: string): string | undefined {
    return this.request.headers[name.toLowerCase()];
  }

  reply(status: number, body: unknown, options: { headers?: Record<string, string>; statusText?: string } = {}): void {
    if (this.replied) return;
    this.replied = true;
    const headers: Record<string, string> = {
      'x-wix-request-id': `req-${this.request.seq}`,
      'X-Wix-Consistent': `cst-${this.request.seq}`,
      ...options.headers,
    };
    if (body !== undefined) headers['Content-Type'] ??= 'application/json';
    if (options.statusText !== undefined) this.res.writeHead(status, options.statusText, headers);
    else this.res.writeHead(status, headers);
    this.res.end(body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body));
  }

  html(status: number, html: string): void {
    this.replied = true;
    this.res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
    this.res.end(html);
  }

  redirect(location: string): void {
    this.replied = true;
    this.res.writeHead(302, { Location: location });
    this.res.end();
  }

  /** A request that does not match the wire format: recorded for the tests, answered with 400. */
  violation(message: string): false {
    this.state.violations.push(`${this.request.method} ${this.request.path}: ${message}`);
    this.reply(400, { message: `fake platform: ${message}`, details: {} });
    return false;
  }

  /** Checks that an object has exactly the required keys plus any of the optional ones. */
  shape(value: unknown, what: string, required: string[], optional: string[] = []): value is Record<string, unknown> {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return this.violation(`${what} must be an object`);
    const keys = Object.keys(value);
    const missing = required.filter((k) => !keys.includes(k));
    const extra = keys.filter((k) => !required.includes(k) && !optional.includes(k));
    if (missing.length || extra.length)
      return this.violation(`${what}: missing [${missing.join(', ')}], unexpected [${extra.join(', ')}]`);
    return true;
  }

  equals(actual: unknown, expected: unknown, what: string): boolean {
    return (
      actual === expected ||
      this.violation(`${what} must be ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`)
    );
  }

  applicationError(status: number, code: number | string, description: string): void {
    this.reply(status, {
      message: description,
      details: { applicationError: { code: String(code), description, data: {} } },
    });
  }

  caller(): Caller | undefined {
    const authorization = this.header('authorization');
    if (!authorization) return undefined;
    if (authorization === API_KEY.key) {
      const site = this.header('wix-site-id');
      const account = this.header('wix-account-id');
      if (!site && !account) {
        this.violation('an API key must come with wix-site-id or wix-account-id');
        return undefined;
      }
      if ((site && site !== API_KEY.siteId) || (account && account !== API_KEY.accountId)) return undefined;
      return { kind: 'api-key', subjectId: 'api-key-owner', token: authorization };
    }
    const record = this.state.access.get(authorization);
    if (!record || record.revoked) return undefined;
    return { kind: record.kind, subjectId: record.subjectId, token: authorization };
  }

  requireCaller(...kinds: Caller['kind'][]): Caller | undefined {
    if (this.replied) return undefined;
    const caller = this.caller();
    if (!caller || !kinds.includes(caller.kind)) {
      this.reply(401, { message: 'Unauthorized', details: {} });
      return undefined;
    }
    return caller;
  }
}

type Handler = (x: Exchange) => void;

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function tokenEndpoint(x: Exchange): void {
  const body = x.body;
  const { state } = x;
  if (body.grantType === 'anonymous') {
    if (!x.shape(body, 'anonymous grant', ['clientId', 'grantType'])) return;
    x.reply(200, state.issueTokens('visitor', state.next('visitor'), String(body.clientId)));
    return;
  }
  if (body.grantType === 'refresh_token') {
    if (!x.shape(body, 'refresh grant', ['clientId', 'refreshToken', 'grantType'])) return;
    const record = state.refresh.get(String(body.refreshToken));
    if (!record || record.clientId !== body.clientId) {
      x.reply(400, { error: 'invalid_grant', error_description: 'unknown refresh token' });
      return;
    }
    x.reply(200, {
      access_token: state.issueAccess(record.kind, record.subjectId, record.clientId, ACCESS_TOKEN_SECONDS),
      expires_in: ACCESS_TOKEN_SECONDS,
      refresh_token: body.refreshToken,
      token_type: 'Bearer',
      scope: 'offline_access',
    });
    return;
  }
  if (body.grantType === 'authorization_code') {
    if (!x.shape(body, 'code grant', ['clientId', 'grantType', 'redirectUri', 'code', 'codeVerifier'])) return;
    const code = state.codes.get(String(body.code));
    state.codes.delete(String(body.code));
    if (!code || code.clientId !== body.clientId || code.redirectUri !== body.redirectUri) {
      x.reply(400, { error: 'invalid_grant', error_description: 'unknown code or redirect URI' });
      return;
    }
    if (s256(String(body.codeVerifier)) !== code.codeChallenge) {
      x.reply(400, { error: 'invalid_grant', error_description: 'the code verifier does not match the challenge' });
      return;
    }
    x.reply(200, state.issueTokens('member', code.memberId, code.clientId));
    return;
  }
  if (body.grant_type === 'authorized_client') {
    if (!x.shape(body, 'authorized_client grant', ['grant_type', 'scope', 'member_id'])) return;
    if (!x.equals(body.scope, 'offline_access', 'scope')) return;
    const [visitorToken, apiKey, ...rest] = (x.header('authorization') ?? '').split(',');
    const visitor = state.access.get(visitorToken);
    if (rest.length || apiKey !== API_KEY.key || !visitor || visitor.kind !== 'visitor') {
      x.violation('authorized_client needs "Authorization: <visitor access token>,<api key>"');
      return;
    }
    x.reply(200, state.issueTokens('member', String(body.member_id), visitor.clientId));
    return;
  }
  if (body.grant_type === 'client_credentials') {
    if (!x.shape(body, 'client_credentials grant', ['grant_type', 'client_id', 'client_secret', 'instance_id'])) return;
    if (body.client_id !== APP.appId || body.client_secret !== APP.appSecret) {
      x.reply(401, { error: 'invalid_client' });
      return;
    }
    x.reply(200, {
      access_token: state.issueAccess('app', APP.appId, APP.appId, ACCESS_TOKEN_SECONDS, String(body.instance_id)),
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
    });
    return;
  }
  x.violation(`unknown grant ${JSON.stringify(body.grantType ?? body.grant_type)}`);
}

function tokenInfo(x: Exchange): void {
  if (!x.shape(x.body, 'token-info', ['token'])) return;
  const record = x.state.access.get(String(x.body.token));
  const subjectTypes: Record<TokenKind, string> = {
    visitor: 'VISITOR',
    member: 'MEMBER',
    app: 'APP',
    'app-user': 'USER',
  };
  x.reply(200, {
    active: Boolean(record && !record.revoked),
    subjectType: record ? subjectTypes[record.kind] : 'UNKNOWN',
    subjectId: record?.subjectId ?? '',
    exp: record?.exp ?? 0,
    iat: record?.iat ?? 0,
    clientId: record?.clientId ?? '',
    siteId: API_KEY.siteId,
    ...(record?.instanceId ? { instanceId: record.instanceId } : {}),
  });
}

function legacyAccess(x: Exchange): void {
  const body = x.body;
  if (body.grant_type === 'authorization_code') {
    if (!x.shape(body, 'legacy code exchange', ['grant_type', 'client_id', 'client_secret', 'code'])) return;
  } else if (body.grant_type === 'refresh_token') {
    if (!x.shape(body, 'legacy refresh', ['grant_type', 'client_id', 'client_secret', 'refresh_token'])) return;
  } else {
    x.violation(`unknown grant ${JSON.stringify(body.grant_type)}`);
    return;
  }
  if (body.client_id !== APP.appId || body.client_secret !== APP.appSecret) {
    x.reply(401, { error: 'invalid_client' });
    return;
  }
  let instanceId: string | undefined;
  if (body.grant_type === 'authorization_code') {
    if (body.code === APP.installCode) instanceId = APP.instanceId;
  } else {
    instanceId = x.state.legacyRefresh.get(String(body.refresh_token));
  }
  if (!instanceId) {
    x.reply(400, { error: 'invalid_grant' });
    return;
  }
  const refreshToken = body.grant_type === 'refresh_token' ? String(body.refresh_token) : x.state.next('rt-app');
  x.state.legacyRefresh.set(refreshToken, instanceId);
  x.reply(200, {
    access_token: x.state.issueAccess('app', APP.appId, APP.appId, 300, instanceId),
    refresh_token: refreshToken,
  });
}

const RESPONSE_MODES = ['web_message', 'fragment', 'query'];
const ACCOUNT_SECTIONS = ['ACCOUNT_INFO', 'BOOKINGS', 'ORDERS', 'SUBSCRIPTIONS', 'EVENTS'];

function redirectSession(x: Exchange): void {
  if (!x.requireCaller('visitor', 'member', 'api-key', 'app')) return;
  const body = x.body;
  const flows = ['login', 'logout', 'auth', 'ecomCheckout', 'storesProduct', 'membersAccount'].filter((k) => k in body);
  if (flows.length !== 1) return void x.violation(`exactly one flow expected, got [${flows.join(', ')}]`);
  if (!x.shape(body, 'redirect session', [flows[0]], ['callbacks', 'preferences', 'origin'])) return;
  if (
    body.callbacks !== undefined &&
    !x.shape(body.callbacks, 'callbacks', [], ['postFlowUrl', 'thankYouPageUrl', 'cartPageUrl', 'loginUrl'])
  )
    return;
  if (
    body.preferences !== undefined &&
    !x.shape(
      body.preferences,
      'preferences',
      [],
      ['useGenericWixPages', 'maintainQueryParams', 'additionalQueryParameters'],
    )
  )
    return;
  if (body.origin !== undefined && typeof body.origin !== 'string') return void x.violation('origin must be a string');
  const callbacks = (body.callbacks ?? {}) as Record<string, unknown>;
  const flow = flows[0];
  const sub = body[flow];
  switch (flow) {
    case 'login':
      if (!x.shape(sub, 'login', [])) return;
      break;
    case 'logout':
      if (!x.shape(sub, 'logout', ['clientId'])) return;
      if (typeof callbacks.postFlowUrl !== 'string') return void x.violation('logout needs callbacks.postFlowUrl');
      break;
    case 'ecomCheckout':
      if (!x.shape(sub, 'ecomCheckout', ['checkoutId'])) return;
      if (typeof callbacks.postFlowUrl !== 'string') return void x.violation('checkout needs callbacks.postFlowUrl');
      break;
    case 'storesProduct':
      if (!x.shape(sub, 'storesProduct', ['productSlug'])) return;
      break;
    case 'membersAccount':
      if (!x.shape(sub, 'membersAccount', ['section'])) return;
      if (!ACCOUNT_SECTIONS.includes(String((sub as Record<string, unknown>).section)))
        return void x.violation('unknown account section');
      break;
    case 'auth': {
      if (!x.shape(sub, 'auth', ['authRequest'], ['prompt'])) return;
      const auth = sub as Record<string, unknown>;
      const request = auth.authRequest;
      if (
        !x.shape(
          request,
          'authRequest',
          [
            'redirectUri',
            'clientId',
            'codeChallenge',
            'codeChallengeMethod',
            'responseMode',
            'responseType',
            'scope',
            'state',
          ],
          ['sessionToken'],
        )
      ) {
        return;
      }
      if (!x.equals(request.codeChallengeMethod, 'S256', 'codeChallengeMethod')) return;
      if (!x.equals(request.responseType, 'code', 'responseType')) return;
      if (!x.equals(request.scope, 'offline_access', 'scope')) return;
      if (!RESPONSE_MODES.includes(String(request.responseMode))) return void x.violation('unknown responseMode');
      if (auth.prompt !== undefined && auth.prompt !== 'none' && auth.prompt !== 'login')
        return void x.violation('prompt must be none or login');
      if (!/^[A-Za-z0-9_-]{43}$/.test(String(request.codeChallenge)))
        return void x.violation('codeChallenge must be a base64url SHA-256');
      break;
    }
  }
  const id = x.state.next('session');
  x.state.sessions.set(id, body);
  const page = flow === 'auth' ? '__auth' : `__flow/${flow}`;
  x.reply(200, {
    redirectSession: { id, fullUrl: `${x.baseUrl}/${page}?session=${id}`, sessionToken: x.state.next('redirect-st') },
  });
}

function postMessagePage(message: unknown, targetOrigin: string): string {
  const script = `(window.opener || window.parent).postMessage(${JSON.stringify(message)}, ${JSON.stringify(targetOrigin)});`;
  return `<!doctype html><title>platform</title><script>${script}</script>`;
}

/** The login page a redirect session leads to; with prompt=none it answers at once from the session token. */
function authPage(x: Exchange): void {
  const session = x.state.sessions.get(x.request.query.session?.[0] ?? '');
  const auth = session?.auth as { authRequest: Record<string, string>; prompt?: string } | undefined;
  if (!auth) return void x.html(404, 'no such session');
  const request = auth.authRequest;
  const redirectOrigin = new URL(request.redirectUri).origin;
  // Tests that cannot open a page (Node) or read a redirect (fetch in a browser) ask for JSON: the
  // same decision, described instead of performed.
  const describeOnly = /application\/json/.test(x.header('accept') ?? '');
  const answer = (message: Record<string, string>, targetOrigin = redirectOrigin): void => {
    const withState = { ...message, state: request.state };
    if (request.responseMode === 'web_message') {
      if (describeOnly) return x.reply(200, { postMessage: withState, targetOrigin });
      return void x.html(200, postMessagePage(withState, targetOrigin));
    }
    const location = `${request.redirectUri}${request.responseMode === 'query' ? '?' : '#'}${new URLSearchParams(withState)}`;
    if (describeOnly) return x.reply(200, { location });
    x.redirect(location);
  };
  if (!x.state.config.allowedOrigins.includes(redirectOrigin)) {
    // An error holds no secret, so it may go to any origin: the opener learns at once instead of waiting.
    return answer(
      {
        error: 'origin_not_allowed',
        error_description: `${redirectOrigin} is not an allowed origin of ${request.clientId}`,
      },
      '*',
    );
  }
  let memberId: string | undefined;
  if (auth.prompt === 'none') {
    memberId = x.state.sessionTokens.get(request.sessionToken ?? '');
    if (!memberId) return answer({ error: 'login_required', error_description: 'no valid session token' });
  } else {
    memberId = x.state.members.get(x.request.query.member?.[0] ?? '')?.id;
    if (!memberId) {
      if (describeOnly) return x.reply(200, { loginPage: true });
      return void x.html(200, '<!doctype html><title>Log in</title><form>login form</form>');
    }
  }
  const code = x.state.next('code');
  x.state.codes.set(code, {
    clientId: request.clientId,
    redirectUri: request.redirectUri,
    codeChallenge: request.codeChallenge,
    memberId,
  });
  answer({ code });
}

function captchaProblem(x: Exchange, tokens: unknown): boolean {
  if (tokens !== undefined) {
    if (!Array.isArray(tokens) || tokens.length === 0) return !x.violation('captchaTokens must be a non-empty array');
    for (const token of tokens) {
      if (
        !x.shape(token, 'captcha token', [], ['Recaptcha', 'InvisibleRecaptcha']) ||
        Object.keys(token).length !== 1
      ) {
        if (!x.replied) x.violation('a captcha token has exactly one of Recaptcha, InvisibleRecaptcha');
        return true;
      }
    }
  }
  if (!x.state.config.requireCaptcha) return false;
  if (!tokens) {
    x.applicationError(400, -19971, 'Missing captcha token');
    return true;
  }
  if (!(tokens as Array<Record<string, string>>).some((t) => Object.values(t)[0] === VALID_CAPTCHA)) {
    x.applicationError(400, -19970, 'Invalid captcha token');
    return true;
  }
  return false;
}

function loginIdEmail(x: Exchange): string | undefined {
  if (!x.shape(x.body.loginId, 'loginId', ['email'])) return undefined;
  return String((x.body.loginId as Record<string, unknown>).email);
}

function successReply(x: Exchange, member: MemberRecord): void {
  const sessionToken = x.state.next('session-token');
  x.state.sessionTokens.set(sessionToken, member.id);
  const identity =
    member.id === MEMBERS.active.id ? activeMemberIdentity() : { id: member.id, status: { name: 'ACTIVE' } };
  x.reply(200, { state: 'SUCCESS', sessionToken, identity });
}

function verificationReply(x: Exchange, member: MemberRecord): void {
  const stateToken = x.state.next('state-token');
  x.state.stateTokens.set(stateToken, member.email);
  x.reply(200, {
    state: 'REQUIRE_EMAIL_VERIFICATION',
    stateToken,
    identity: { id: member.id, status: { name: 'PENDING', reasons: ['EMAIL_VERIFICATION_REQUIRED'] } },
  });
}

function login(x: Exchange): void {
  if (!x.requireCaller('visitor')) return;
  if (!x.shape(x.body, 'login', ['loginId', 'password'], ['captchaTokens', 'clientMetaData'])) return;
  const email = loginIdEmail(x);
  if (email === undefined || captchaProblem(x, x.body.captchaTokens)) return;
  const member = x.state.members.get(email);
  if (!member) return x.applicationError(404, -19999, 'No member with this email');
  if (member.password !== x.body.password) return x.applicationError(400, -19976, 'Wrong password');
  switch (member.behaviour) {
    case 'active':
      return successReply(x, member);
    case 'approval':
      return x.reply(200, {
        state: 'REQUIRE_OWNER_APPROVAL',
        identity: { id: member.id, status: { name: 'PENDING', reasons: ['ADMIN_APPROVAL_REQUIRED'] } },
      });
    case 'verify':
      return verificationReply(x, member);
    case 'reset':
      return x.applicationError(400, -19973, 'The member must reset the password');
    case 'status-check':
      return x.reply(200, { state: 'STATUS_CHECK', identity: { id: member.id } });
  }
}

function registerMember(x: Exchange): void {
  if (!x.requireCaller('visitor')) return;
  if (!x.shape(x.body, 'register', ['loginId', 'password'], ['captchaTokens', 'clientMetaData', 'profile'])) return;
  const email = loginIdEmail(x);
  if (email === undefined) return;
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    return x.reply(400, {
      message: 'invalid email',
      details: {
        validationError: {
          fieldViolations: [{ field: 'loginId.email', description: 'must be a valid email', violatedRule: 'FORMAT' }],
        },
      },
    });
  }
  if (captchaProblem(x, x.body.captchaTokens)) return;
  if (x.state.members.has(email)) return x.applicationError(409, -19995, 'A member with this email already exists');
  const behaviour = ({ open: 'active', 'owner-approval': 'approval', 'email-verification': 'verify' } as const)[
    x.state.config.registration
  ];
  const member: MemberRecord = { id: x.state.next('member'), email, password: String(x.body.password), behaviour };
  x.state.members.set(email, member);
  if (behaviour === 'approval') return x.reply(200, { state: 'REQUIRE_OWNER_APPROVAL', identity: { id: member.id } });
  if (behaviour === 'verify') return verificationReply(x, member);
  successReply(x, member);
}

function verifyFactor(x: Exchange, factorType: string): void {
  if (!x.requireCaller('visitor')) return;
  if (!x.shape(x.body, `${factorType} verify`, ['stateToken', 'code'])) return;
  if (factorType !== 'EMAIL') return void x.violation(`factor ${factorType} is not enrolled`);
  const email = x.state.stateTokens.get(String(x.body.stateToken));
  const member = email ? x.state.members.get(email) : undefined;
  if (!member) return x.applicationError(400, -19980, 'Unknown state token');
  if (x.body.code !== VERIFICATION_CODE) return x.applicationError(400, -19981, 'Wrong verification code');
  x.state.stateTokens.delete(String(x.body.stateToken));
  member.behaviour = 'active';
  successReply(x, member);
}

function signOn(x: Exchange): void {
  if (!x.requireCaller('api-key')) return;
  if (!x.shape(x.body, 'sign-on', ['loginId'], ['profile'])) return;
  const email = loginIdEmail(x);
  const member = email === undefined ? undefined : x.state.members.get(email);
  if (x.replied) return;
  if (!member) return x.applicationError(404, -19999, 'No member with this email');
  successReply(x, member);
}

function changePassword(x: Exchange): void {
  const caller = x.requireCaller('member');
  if (!caller || !x.shape(x.body, 'change-password', ['newPassword'])) return;
  const member = [...x.state.members.values()].find((m) => m.id === caller.subjectId);
  if (member) member.password = String(x.body.newPassword);
  x.reply(200, {});
}

function logout(x: Exchange): void {
  const caller = x.requireCaller('member');
  if (
    !caller ||
    !x.shape(Object.fromEntries(Object.entries(x.request.query)), 'logout query', ['postLogoutRedirectUri', 'clientId'])
  )
    return;
  for (const record of x.state.access.values()) if (record.subjectId === caller.subjectId) record.revoked = true;
  x.reply(200, {});
}

function sendRecoveryEmail(x: Exchange): void {
  if (!x.requireCaller('visitor', 'member')) return;
  if (!x.shape(x.body, 'send-email', ['email'], ['redirect', 'language'])) return;
  if (x.body.redirect !== undefined && !x.shape(x.body.redirect, 'redirect', ['url', 'clientId'])) return;
  x.reply(200, {});
}

function recover(x: Exchange): void {
  if (!x.requireCaller('visitor', 'member')) return;
  if (!x.shape(x.body, 'recover', ['recoveryToken'], ['password'])) return;
  if (x.body.recoveryToken !== RECOVERY_TOKEN) return x.applicationError(400, -19973, 'The recovery link has expired');
  if (x.body.password !== undefined && String(x.body.password).length < 6)
    return x.applicationError(400, -19976, 'The password is too weak');
  const member = x.state.members.get(MEMBERS.active.email)!;
  if (x.body.password === undefined) return x.reply(200, {});
  member.password = String(x.body.password);
  const sessionToken = x.state.next('session-token');
  x.state.sessionTokens.set(sessionToken, member.id);
  x.reply(200, { sessionToken });
}

function sendActivationEmail(x: Exchange): void {
  if (!x.requireCaller('visitor', 'member', 'api-key')) return;
  if (!x.shape(x.body, 'send-activation-email', ['identityId'], ['redirect'])) return;
  if (x.body.redirect !== undefined && !x.shape(x.body.redirect, 'redirect', ['url', 'clientId'])) return;
  x.reply(200, {});
}

function startVerification(x: Exchange): void {
  if (!x.requireCaller('visitor', 'member')) return;
  if (!x.shape(x.body, 'start verification', ['target'], ['identityId', 'email'])) return;
  if (!x.equals(x.body.target, 'EMAIL', 'target')) return;
  x.reply(200, { verificationId: x.state.next('verification') });
}

/** A list endpoint standing for any GET query of the platform, with its POST fallback form. */
function items(x: Exchange): void {
  if (!x.requireCaller('visitor', 'member', 'api-key', 'app')) return;
  if (x.request.method === 'GET') return x.reply(200, { form: 'GET', query: x.request.query });
  const isQuery = x.header('x-http-method-override') === 'GET' || x.request.path === '/v1/items/query';
  if (!isQuery) return x.reply(200, { form: 'CREATE', item: x.body });
  x.reply(200, { form: 'POST', body: x.body });
}

interface WixCartLine {
  id: string;
  quantity: number;
  catalogReference: { catalogItemId: string; appId: string };
  rootCatalogItemId: string;
  productName: { original: string };
  price: { amount: string };
}

interface WixCart {
  id: string;
  lineItems: WixCartLine[];
  subtotal: { amount: string; currency: string };
  currency: string;
}

/** Line items as the commerce API takes them: a catalog reference of a known product and a quantity. */
function readLineItems(x: Exchange, what: string): { id: string; quantity: number }[] | undefined {
  if (!x.shape(x.body, what, ['lineItems'])) return undefined;
  const lines = x.body.lineItems;
  if (!Array.isArray(lines) || lines.length === 0)
    return void x.violation(`${what}: lineItems must be a non-empty list`);
  const read: { id: string; quantity: number }[] = [];
  for (const line of lines as Record<string, unknown>[]) {
    const reference = line?.catalogReference as Record<string, unknown> | undefined;
    const id = String(reference?.catalogItemId ?? '');
    const quantity = Number(line?.quantity ?? 1);
    if (!id || !Number.isInteger(quantity) || quantity < 1)
      return void x.violation(`${what}: each line needs catalogReference.catalogItemId and a whole quantity`);
    if (!WIX_PRODUCTS[id]) {
      x.applicationError(400, 'PRODUCT_NOT_FOUND', `Product ${id} not found`);
      return undefined;
    }
    read.push({ id, quantity });
  }
  return read;
}

function addLines(cart: WixCart, lines: { id: string; quantity: number }[]): WixCart {
  for (const { id, quantity } of lines) {
    const product = WIX_PRODUCTS[id]!;
    const existing = cart.lineItems.find((line) => line.rootCatalogItemId === id);
    if (existing) existing.quantity += quantity;
    else
      cart.lineItems.push({
        id: `line-${cart.lineItems.length + 1}`,
        quantity,
        catalogReference: { catalogItemId: id, appId: WIX_STORES_APP_ID },
        rootCatalogItemId: id,
        productName: { original: product.name },
        price: { amount: product.price.toFixed(2) },
      });
  }
  const subtotal = cart.lineItems.reduce((sum, line) => sum + Number(line.price.amount) * line.quantity, 0);
  cart.subtotal = { amount: subtotal.toFixed(2), currency: cart.currency };
  return cart;
}

const newCart = (x: Exchange): WixCart => ({
  id: x.state.next('cart'),
  lineItems: [],
  subtotal: { amount: '0.00', currency: 'USD' },
  currency: 'USD',
});
const noCart = (x: Exchange) => x.applicationError(404, 'OWNED_CART_NOT_FOUND', 'Cart not found');

/**
 * The caller's current cart: reading it (404 when there is none), adding line items (which creates it, as the
 * platform does), each answered with the host the call reached; and creating a cart outright.
 */
function currentCart(x: Exchange): void {
  const caller = x.requireCaller('visitor', 'member');
  if (!caller) return;
  const cart = x.state.carts.get(caller.subjectId);
  if (x.request.method === 'GET') return cart ? x.reply(200, { cart, host: x.header('host') }) : noCart(x);
  const lines = readLineItems(x, 'add to current cart');
  if (!lines) return;
  const updated = addLines(cart ?? newCart(x), lines);
  x.state.carts.set(caller.subjectId, updated);
  x.reply(200, { cart: updated, host: x.header('host') });
}

function createCart(x: Exchange): void {
  const caller = x.requireCaller('visitor', 'member');
  if (!caller) return;
  const lines = readLineItems(x, 'create cart');
  if (!lines) return;
  const cart = addLines(newCart(x), lines);
  x.state.carts.set(caller.subjectId, cart);
  x.reply(200, { cart });
}

/** The signed-in member, looked up by id; only that member may ask. */
function currentMember(x: Exchange, id: string): void {
  const caller = x.requireCaller('member');
  if (!caller) return;
  if (caller.subjectId !== id) return x.reply(403, { message: 'Forbidden', details: {} });
  const member = [...x.state.members.values()].find((m) => m.id === id);
  if (!member) return x.reply(404, { message: 'Not Found', details: {} });
  x.reply(200, { member: { id: member.id, loginEmail: member.email } });
}

function graphql(x: Exchange, version: string): void {
  if (!x.requireCaller('visitor', 'member', 'api-key', 'app')) return;
  if (!x.shape(x.body, 'graphql', ['query'], ['variables'])) return;
  x.reply(200, { data: { echo: { version, query: x.body.query, variables: x.body.variables ?? null } } });
}

const ROUTES: Record<string, Handler> = {
  'POST /oauth2/token': tokenEndpoint,
  'POST /oauth2/token-info': tokenInfo,
  'POST /oauth/access': legacyAccess,
  'POST /_api/redirects-api/v1/redirect-session': redirectSession,
  'POST /_api/iam/authentication/v2/login': login,
  'POST /_api/iam/authentication/v2/register': registerMember,
  'POST /_api/iam/authentication/v2/sign-on': signOn,
  'POST /_api/iam/authentication/v2/change-password': changePassword,
  'GET /_api/iam/authentication/v1/logout': logout,
  'POST /_api/iam/recovery/v1/send-email': sendRecoveryEmail,
  'POST /_api/iam/recovery/v1/recover': recover,
  'POST /_api/iam/recovery/v1/send-activation-email': sendActivationEmail,
  'POST /_api/iam/verification/v1/start': startVerification,
  'GET /v1/items': items,
  'POST /v1/items': items,
  'POST /v1/items/query': items,
  'GET /ecom/v1/carts/current': currentCart,
  'POST /ecom/v1/carts/current/add-to-cart': currentCart,
  'POST /ecom/v1/carts': createCart,
  'GET /.well-known/jwks.json': (x) => x.reply(200, { keys: [publicJwk()] }),
};

function route(x: Exchange): void {
  const { method, path } = x.request;
  const direct = ROUTES[`${method} ${path}`];
  if (direct) return direct(x);
  const verify = /^\/_api\/iam\/authentication\/v2\/([A-Z_]+)\/verify$/.exec(path);
  if (method === 'POST' && verify) return verifyFactor(x, verify[1]);
  const member = /^\/_api\/apps\/current-member\/([^/]+)$/.exec(path);
  if (method === 'GET' && member) return currentMember(x, decodeURIComponent(member[1]));
  const gql = /^\/graphql\/([a-z0-9]+)$/.exec(path);
  if (method === 'POST' && gql) return graphql(x, gql[1]);
  x.reply(404, { message: 'Not Found', details: {} }, { statusText: 'Not Found' });
}

// Pages a browser navigates to and the public key document are not API calls: no analytics header.
const PAGE_PATHS = new Set(['/__auth', '/.well-known/jwks.json']);

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function queryOf(url: URL): Record<string, string[]> {
  const query: Record<string, string[]> = {};
  for (const [key, value] of url.searchParams) query[key] = [...(query[key] ?? []), value];
  return query;
}

function cors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  if (!origin) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Vary', 'Origin');
  res.setHeader('Access-Control-Expose-Headers', 'x-wix-request-id, X-Wix-Consistent');
}

export interface FakePlatform {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startPlatform(options: { port?: number } = {}): Promise<FakePlatform> {
  let state = new PlatformState();
  const sockets = new Set<Socket>();
  let baseUrl = '';

  const control = async (path: string, body: Record<string, unknown>, res: ServerResponse): Promise<void> => {
    const json = (value: unknown): void => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    switch (path) {
      case '/__control/reset':
        state = new PlatformState();
        Object.assign(state.config, body.config ?? {});
        return json({ ok: true });
      case '/__control/config':
        Object.assign(state.config, body);
        return json(state.config);
      case '/__control/requests':
        return json({ requests: state.requests, violations: state.violations });
      case '/__control/script':
        state.scripts.push(body as unknown as Script);
        return json({ ok: true });
      case '/__control/sign':
        return json({ token: signJwt(body.payload as Record<string, unknown>, body.options as SignOptions) });
      case '/__control/public-key':
        return json({ pem: publicKeyPem(), jwk: publicJwk() });
      case '/__control/issue': {
        const kind = body.kind as TokenKind;
        const token = state.issueAccess(
          kind,
          String(body.subjectId ?? `${kind}-subject`),
          String(body.clientId ?? CLIENT_ID),
          ACCESS_TOKEN_SECONDS,
          body.instanceId as string | undefined,
        );
        return json({ token });
      }
      default:
        res.writeHead(404).end();
    }
  };

  const server: Server = createServer(async (req, res) => {
    cors(req, res);
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
        'Access-Control-Allow-Headers': req.headers['access-control-request-headers'] ?? '',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', baseUrl);
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    if (url.pathname.startsWith('/__control/'))
      return void control(url.pathname, (body ?? {}) as Record<string, unknown>, res);
    // Chromium asks for one when the platform page opens in a frame or popup; it is not a platform call.
    if (url.pathname === '/favicon.ico') return void res.writeHead(404).end();

    state.seq += 1;
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]),
    );
    const request: RecordedRequest = {
      seq: state.seq,
      method: req.method ?? 'GET',
      path: url.pathname,
      query: queryOf(url),
      headers,
      body,
    };
    state.requests.push(request);
    const x = new Exchange(state, request, res, baseUrl);

    if (!PAGE_PATHS.has(url.pathname) && !url.pathname.startsWith('/__flow/')) {
      if (!ANALYTICS_PATTERN.test(headers['x-wix-bi-gateway'] ?? ''))
        return void x.violation(`analytics header missing or malformed: ${headers['x-wix-bi-gateway']}`);
      if (raw && !/^application\/json\b/.test(headers['content-type'] ?? ''))
        return void x.violation('a body must be sent as application/json');
    }
    const scriptIndex = state.scripts.findIndex(
      (s) => s.path === url.pathname && (!s.method || s.method === request.method),
    );
    if (scriptIndex >= 0) {
      const script = state.scripts[scriptIndex];
      script.times = (script.times ?? 1) - 1;
      if (script.times <= 0) state.scripts.splice(scriptIndex, 1);
      if (script.hang) return;
      return x.reply(script.status, script.body, { headers: script.headers, statusText: script.statusText });
    }
    if (url.pathname === '/__auth') return authPage(x);
    if (url.pathname.startsWith('/__flow/'))
      return x.html(200, `<!doctype html><title>${url.pathname.slice(8)}</title>`);
    route(x);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
