import type { HttpClient } from './http.ts';

export type RedirectCallbackType = 'LOGOUT' | 'CHECKOUT' | 'AUTHORIZE';

export const MEMBER_ACCOUNT_SECTIONS = ['ACCOUNT_INFO', 'BOOKINGS', 'ORDERS', 'SUBSCRIPTIONS', 'EVENTS'] as const;
export type MemberAccountSection = (typeof MEMBER_ACCOUNT_SECTIONS)[number];

export type ResponseMode = 'web_message' | 'fragment' | 'query';
export type Prompt = 'none' | 'login';

export interface AuthRequest {
  redirectUri: string;
  clientId: string;
  codeChallenge: string;
  codeChallengeMethod: 'S256';
  responseMode: ResponseMode;
  responseType: 'code';
  scope: 'offline_access';
  state: string;
  /** Present when a member who just logged in directly is turned into a code without a login page. */
  sessionToken?: string;
}

export interface RedirectCallbacks {
  /** Where the visitor lands when the flow ends (or is abandoned). */
  postFlowUrl?: string;
  thankYouPageUrl?: string;
  cartPageUrl?: string;
  loginUrl?: string;
}

export interface RedirectPreferences {
  useGenericWixPages?: boolean;
  maintainQueryParams?: boolean;
  additionalQueryParameters?: Record<string, string>;
}

export interface RedirectSessionRequest {
  login?: Record<string, never>;
  logout?: { clientId: string };
  auth?: { authRequest: AuthRequest; prompt?: Prompt };
  ecomCheckout?: { checkoutId: string };
  storesProduct?: { productSlug: string };
  membersAccount?: { section: MemberAccountSection };
  callbacks?: RedirectCallbacks;
  preferences?: RedirectPreferences;
  origin?: string;
}

export interface RedirectSession {
  id?: string;
  fullUrl: string;
  sessionToken?: string;
}

const SUB_REQUESTS = ['login', 'logout', 'auth', 'ecomCheckout', 'storesProduct', 'membersAccount'] as const;

/** Which callback the platform ends a session's flow with, for pages that route on it. */
export function callbackTypeOf(request: RedirectSessionRequest): RedirectCallbackType | undefined {
  if (request.logout) return 'LOGOUT';
  if (request.ecomCheckout) return 'CHECKOUT';
  if (request.auth) return 'AUTHORIZE';
  return undefined;
}

export const REDIRECT_SESSION_PATH = '/v1/redirect-session';

/** Creates a redirect session; the request must name exactly one flow. */
export async function createRedirectSession(
  http: HttpClient,
  authHeaders: Record<string, string>,
  request: RedirectSessionRequest,
): Promise<RedirectSession> {
  const flows = SUB_REQUESTS.filter((name) => request[name] !== undefined);
  if (flows.length !== 1) {
    throw new TypeError(
      `A redirect session needs exactly one of ${SUB_REQUESTS.join(', ')}; got ${flows.length ? flows.join(', ') : 'none'}`,
    );
  }
  const reply = await http.send<{ redirectSession?: RedirectSession }>({
    method: 'POST',
    path: REDIRECT_SESSION_PATH,
    body: request,
    headers: authHeaders,
    methodFqn: `redirects.redirect-session.${flows[0]}`,
  });
  const session = reply.body?.redirectSession;
  if (!session || typeof session.fullUrl !== 'string') throw new TypeError('The redirect session reply has no fullUrl');
  return session;
}
