import { type Clock, nowInSeconds } from './clock.ts';
import { CLOCK_SKEW_SECONDS } from './constants.ts';

export type TokenRole = 'none' | 'visitor' | 'member';

export interface AccessToken {
  value: string;
  /** Epoch seconds: floor(now / 1000) + expires_in at the time the token was issued. */
  expiresAt: number;
}

export interface RefreshToken {
  value: string;
  role: TokenRole;
}

export interface Tokens {
  accessToken: AccessToken;
  refreshToken: RefreshToken;
}

/** Where a strategy keeps its tokens between calls and page loads; may be synchronous or not. */
export interface TokenStorage {
  getTokens(): Tokens | undefined | Promise<Tokens | undefined>;
  setTokens(tokens: Tokens): void | Promise<void>;
}

export function emptyTokens(): Tokens {
  return { accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: 'none' } };
}

export function expiresAtFrom(expiresIn: number, clock: Clock): number {
  return nowInSeconds(clock) + Math.floor(expiresIn);
}

export function isTokenExpired(token: AccessToken, clock: Clock, skewSeconds = CLOCK_SKEW_SECONDS): boolean {
  return !token.value || token.expiresAt <= nowInSeconds(clock) + skewSeconds;
}

export function memoryTokenStorage(initial?: Tokens): TokenStorage {
  let tokens = initial;
  return {
    getTokens: () => tokens,
    setTokens: (next) => {
      tokens = next;
    },
  };
}

function isTokens(value: unknown): value is Tokens {
  const tokens = value as Tokens | null;
  return (
    typeof tokens?.accessToken?.value === 'string' &&
    typeof tokens.accessToken.expiresAt === 'number' &&
    typeof tokens.refreshToken?.value === 'string' &&
    ['none', 'visitor', 'member'].includes(tokens.refreshToken.role)
  );
}

/**
 * Keeps tokens in `localStorage` so a visitor or member session survives a reload. Falls back to
 * memory where there is no `localStorage` (Node.js) or it is blocked.
 */
export function localStorageTokenStorage(key = 'poptin-sdk-tokens'): TokenStorage {
  const fallback = memoryTokenStorage();
  const storage = (): Storage | undefined => {
    try {
      return globalThis.localStorage ?? undefined;
    } catch {
      return undefined;
    }
  };
  return {
    getTokens() {
      const store = storage();
      if (!store) return fallback.getTokens();
      try {
        const parsed: unknown = JSON.parse(store.getItem(key) ?? 'null');
        return isTokens(parsed) ? parsed : undefined;
      } catch {
        return fallback.getTokens();
      }
    },
    setTokens(tokens) {
      fallback.setTokens(tokens);
      try {
        storage()?.setItem(key, JSON.stringify(tokens));
      } catch {
        // Quota or privacy mode: the memory copy still serves this page.
      }
    },
  };
}

/**
 * Owns the current tokens: reads them from storage, renews them when expired, and makes concurrent
 * callers share a single renewal instead of each asking the token endpoint.
 */
export class TokenKeeper {
  private renewal: Promise<Tokens> | undefined;
  private current: Tokens;
  private readonly seeded: Promise<void> | undefined;

  constructor(
    private readonly storage: TokenStorage,
    private readonly clock: Clock,
    private readonly renew: (current: Tokens) => Promise<Tokens>,
    initial?: Tokens,
  ) {
    this.current = initial ?? emptyTokens();
    if (initial) {
      const written = storage.setTokens(initial);
      if (written instanceof Promise) this.seeded = written;
    } else {
      // A synchronous storage (memory, localStorage) is read at once so `cached` is right from the start.
      const stored = storage.getTokens();
      if (stored instanceof Promise)
        stored.then(
          (tokens) => tokens && (this.current = tokens),
          () => undefined,
        );
      else if (stored) this.current = stored;
    }
  }

  /** The tokens as last read or written, for synchronous questions such as "is a member logged in". */
  get cached(): Tokens {
    return this.current;
  }

  async get(): Promise<Tokens> {
    await this.seeded;
    const stored = await this.storage.getTokens();
    if (stored) this.current = stored;
    return this.current;
  }

  async set(tokens: Tokens): Promise<void> {
    this.current = tokens;
    await this.storage.setTokens(tokens);
  }

  /** Current tokens, renewed first when the access token is missing or expired. */
  async fresh(): Promise<Tokens> {
    if (this.renewal) return this.renewal;
    const current = await this.get();
    if (!isTokenExpired(current.accessToken, this.clock)) return current;
    // Checked again: another caller may have started a renewal while storage was read.
    this.renewal ??= this.renew(current)
      .then(async (tokens) => {
        await this.set(tokens);
        return tokens;
      })
      .finally(() => {
        this.renewal = undefined;
      });
    return this.renewal;
  }
}
