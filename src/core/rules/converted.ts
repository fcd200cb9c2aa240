import type { PopupConfig } from '../config/types.ts';
import { allow, block, type RuleResult } from './types.ts';

/** stop_showing_to_converted_users: hide the pop-up from a visitor who already converted on it. */
export function evaluateConvertedUsers(config: PopupConfig, convertedAt: number | null): RuleResult {
  const name = 'stop_showing_to_converted_users';
  if (!config.stopShowingToConvertedUsers) return allow(name, 'off');
  if (convertedAt === null) return allow(name, 'the visitor has not converted on this pop-up');
  return block(name, `the visitor converted on this pop-up at ${new Date(convertedAt).toISOString()}`);
}
