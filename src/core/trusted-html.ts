import { log } from './safety.ts';

/** The Trusted Types policy a page that enforces them must allow: `trusted-types poptin`. */
export const TRUSTED_TYPES_POLICY_NAME = 'poptin';

export interface HtmlPolicy {
  createHTML(input: string): TrustedHTML;
  createScriptURL(input: string): unknown;
}

interface TrustedTypesFactory {
  createPolicy(
    name: string,
    rules: { createHTML(input: string): string; createScriptURL(input: string): string },
  ): HtmlPolicy;
}

let policy: HtmlPolicy | null | undefined;

/**
 * The widget's policy where the browser has Trusted Types, else null. It passes markup through unchanged:
 * it is only ever given DOMPurify's output, or the owner's own conversion code.
 */
export function htmlPolicy(scope: object = globalThis): HtmlPolicy | null {
  if (policy !== undefined) return policy;
  const factory = (scope as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  try {
    policy = factory
      ? factory.createPolicy(TRUSTED_TYPES_POLICY_NAME, {
          createHTML: (input) => input,
          createScriptURL: (input) => input,
        })
      : null;
  } catch (error) {
    log.warn(
      `the Trusted Types policy "${TRUSTED_TYPES_POLICY_NAME}" is not allowed here: add it to the page's trusted-types directive`,
      error,
    );
    policy = null;
  }
  return policy;
}

/** Markup for an HTML sink: TrustedHTML under Trusted Types, the plain string elsewhere. */
export function trustedHtml(markup: string): string | TrustedHTML {
  return htmlPolicy()?.createHTML(markup) ?? markup;
}
