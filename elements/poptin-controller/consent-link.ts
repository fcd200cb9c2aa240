// Consent mode (`consent` attribute, docs/privacy.md): until the visitor consents, the visitor lives in memory,
// the display call is anonymous and pop-ups that need history are held; its code is a chunk loaded on such pages only.
import type { DisplayRequest } from '../../src/core/api/contract.ts';
import type { PopupConfig } from '../../src/core/config/types.ts';
import type { Decision } from '../../src/core/decision/index.ts';
import { guard, log } from '../../src/core/safety.ts';
import { createVisitor, startVisitorKeepAlive } from '../../src/core/visitor/index.ts';
import { createProductMemory } from '../../src/core/visitor/products.ts';
import type { SessionContext } from './context.ts';

type ConsentCode = typeof import('../../src/core/consent/consent-mode.ts');

export interface ConsentReactions {
  /** The visitor consented: the context already has the visitor whose history is stored. */
  onGiven(): void;
  onRefused(): void;
}

export class ConsentLink {
  /** False when consent mode could not start: then nothing at all is done on this page. */
  readonly read: Promise<boolean>;
  private code: ConsentCode | null = null;
  private stopWatching: (() => void) | null = null;
  private setStore: ((answer: 'yes' | 'no') => void) | null = null;
  private readonly cleanups: (() => void)[] = [];

  constructor(
    private readonly context: SessionContext,
    private readonly reactions: ConsentReactions,
    private readonly loadCode: () => Promise<ConsentCode> = () => import('../../src/core/consent/consent-mode.ts'),
  ) {
    this.read = this.watch();
  }

  /** What the page already says of consent is read before the first display call. */
  private async watch(): Promise<boolean> {
    const { context } = this;
    if (!context.storesNothing) return true;
    try {
      this.code = await this.loadCode();
    } catch (error) {
      // Without its code the display call could not be made anonymous: it is not made, and nothing is stored.
      log.error('consent mode could not start', error);
      return false;
    }
    const consent = this.code.watchPageConsent(context.host, context.window, (given) => this.answered(given));
    this.stopWatching = () => consent.stop();
    this.setStore = (answer) => consent.setStoreAnswer(answer);
    if (consent.answer === 'yes') this.answered(true);
    return true;
  }

  /** The store platform's own consent answer counts as the visitor's. */
  storeAnswered(given: boolean): void {
    this.setStore?.(given ? 'yes' : 'no');
  }

  /**
   * On a refusal nothing is ever stored; on consent the visitor's stored state starts from this page view (a
   * visitor of the browser's storage replaces the one in memory).
   */
  private answered(given: boolean): void {
    const { context } = this;
    if (!given) this.reactions.onRefused();
    if (!given || !context.storesNothing || context.stopped) return;
    context.storesNothing = false;
    context.visitor = createVisitor({ window: context.window, document: context.window.document });
    context.products = createProductMemory(context.visitor.stores.local);
    this.cleanups.push(startVisitorKeepAlive(context.visitor, context.window));
    this.reactions.onGiven();
  }

  /** Before consent the display call names no visitor and carries no history. */
  anonymous(request: DisplayRequest): DisplayRequest {
    return this.context.storesNothing && this.code ? this.code.anonymousDisplayRequest(request) : request;
  }

  /** Before consent, a pop-up that needs the visitor's history is held with a `consent` rule. */
  decision(decided: Decision, config: PopupConfig): Decision {
    return this.code?.holdUntilConsent(decided, config, this.context.storesNothing) ?? decided;
  }

  stop(): void {
    this.stopWatching?.();
    this.cleanups.splice(0).forEach((cleanup) => guard('cleanup', cleanup));
  }
}
