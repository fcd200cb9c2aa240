// The form's proof of work (ALTCHA's v2 challenges, altcha-lib): a challenge of the server's, solved with Web Crypto in
// the background while the visitor types. A chunk of its own, loaded when a field of a pop-up is first focused.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { type ChallengeAnswer, DISPLAY_ROUTES, displayApiPath } from '../../src/core/api/contract.ts';
import type { DisplayApi } from '../../src/core/api/display-api.ts';

/**
 * The longest a proof takes from the focus, the challenge's call included: a lead sent before it is done waits for
 * it, at most this, then goes without (and a site that requires one refuses it, with a message the visitor sees).
 */
export const PROOF_TIMEOUT_MS = 8_000;

/** The `proof_of_work` field of a lead of `poptinId`: '' when its site asks for none. */
export async function proveWork(api: Pick<DisplayApi, 'url' | 'fetchImpl'>, poptinId: string): Promise<string> {
  const started = performance.now();
  const response = await (api.fetchImpl ?? fetch)(api.url(displayApiPath(DISPLAY_ROUTES.challenge, { poptinId })), {
    credentials: 'omit',
    signal: AbortSignal.timeout(PROOF_TIMEOUT_MS),
  });
  const { challenge } = (await response.json()) as ChallengeAnswer;
  if (!challenge) return '';
  const solution = await solveChallenge({
    challenge,
    deriveKey,
    timeout: Math.max(1, PROOF_TIMEOUT_MS - (performance.now() - started)),
  });
  return solution ? btoa(JSON.stringify({ challenge, solution })) : '';
}
