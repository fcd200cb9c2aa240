import { readRecord, readString, readSwitch } from '../config/values.ts';

/** What a page shows when the client's usage limit is reached (widget §2, §3 "Upgrade popup setting"). */
export interface LimitPopup {
  /** The pop-up to open by the click call. */
  poptinId: string;
  /** The limitLogs status: which of the two it is. */
  status: 'upgrade' | 'remindme';
}

/**
 * The upgrade pop-up (`upgrade_popup.id`), or, once the limit has been reached for more than two days
 * (`mote_than_two_days`), the remind-me pop-up (`upgrade_popup.remindme_popup`); null when none is set
 * or the answer is no client restriction.
 */
export function limitPopupOf(
  isClientRestriction: boolean,
  restrictionSetting: Record<string, unknown>,
): LimitPopup | null {
  if (!isClientRestriction) return null;
  const setting = readRecord(restrictionSetting.upgrade_popup);
  const remind = readSwitch(setting.mote_than_two_days) && readString(setting.remindme_popup).trim();
  if (remind) return { poptinId: remind, status: 'remindme' };
  const upgrade = readString(setting.id).trim();
  return upgrade ? { poptinId: upgrade, status: 'upgrade' } : null;
}
