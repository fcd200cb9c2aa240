import { createHash } from 'node:crypto';
import { POPTIN_ID_CHARS } from '../../src/core/poptin-id.ts';

// Patterns shared by route parameters (JSON schema `pattern`) and the configuration loader.
export const CLIENT_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
/** widget §3: a pop-up id, from the one statement of the rule that the widget reads too. */
export const POPTIN_ID_PATTERN = `^${POPTIN_ID_CHARS}$`;
export const VIEWER_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';

export const isClientId = (value: unknown): value is string =>
  typeof value === 'string' && new RegExp(CLIENT_ID_PATTERN).test(value);
export const isPoptinId = (value: unknown): value is string =>
  typeof value === 'string' && new RegExp(POPTIN_ID_PATTERN).test(value);
export const isViewerId = (value: unknown): value is string =>
  typeof value === 'string' && new RegExp(VIEWER_ID_PATTERN).test(value);

/**
 * The viewer id of a pop-up whose file does not set one. Derived from the pop-up id, so it stays the same
 * across restarts and across server processes that load the same files.
 */
export function deriveViewerId(poptinId: string): string {
  return 'v' + createHash('sha256').update(`viewer:${poptinId}`).digest('hex').slice(0, 23);
}
