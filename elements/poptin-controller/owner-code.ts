import { trustedHtml } from '../../src/core/trusted-html.ts';

/**
 * The owner's conversion code (pixels, tags) from the server's answer to a lead, appended to the head as the
 * original widget does; under a CSP with a nonce, its inline scripts and styles run with the nonce the widget was
 * given.
 */
export function appendOwnerCode(document: Document, code: string, nonce: string): void {
  const range = document.createRange();
  range.selectNode(document.head);
  const fragment = range.createContextualFragment(trustedHtml(code) as string);
  if (nonce)
    for (const element of fragment.querySelectorAll<HTMLScriptElement | HTMLStyleElement>('script, style'))
      element.nonce = nonce;
  document.head.append(fragment);
}
