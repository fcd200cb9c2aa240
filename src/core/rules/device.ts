import type { PopupConfig } from '../config/types.ts';
import { readString, readSwitch } from '../config/values.ts';
import { allow, block, type RuleResult } from './types.ts';

export type DeviceTarget = 'all' | 'desktop' | 'mobile';
export type Variant = 'desktop' | 'mobile';

/**
 * Which devices a pop-up is for: the raw `show_on_device` (or `device_target`) setting, "all", "desktop"
 * or "mobile"; the mobile kind (poptin_type "mobile") is for mobile visitors only.
 */
export function readDeviceTarget(config: PopupConfig): DeviceTarget {
  if (config.type === 'mobile') return 'mobile';
  const word = readString(config.raw.show_on_device ?? config.raw.device_target)
    .trim()
    .toLowerCase();
  if (word === 'mobile' || word === 'mobile_only') return 'mobile';
  if (word === 'desktop' || word === 'desktop_only') return 'desktop';
  return 'all';
}

/** if_mobile of the display request against the pop-up's device target. */
export function evaluateDevice(config: PopupConfig, isMobile: boolean): RuleResult {
  const target = readDeviceTarget(config);
  const device = isMobile ? 'mobile' : 'desktop';
  if (target === 'all' || target === device)
    return allow('device', `for ${target === 'all' ? 'all devices' : `${target} only`}; visitor is on ${device}`);
  return block('device', `for ${target} only; visitor is on ${device}`);
}

/** Mobile visitors get the mobile variant when one exists (design_properties.switch_mobile_editor or raw `mobile_variant`). */
export function selectVariant(config: PopupConfig, isMobile: boolean): Variant {
  if (!isMobile) return 'desktop';
  const hasMobileVariant =
    readSwitch(config.designProperties.switch_mobile_editor) ||
    Boolean(config.raw.mobile_variant) ||
    Boolean(config.raw.poptin_mobile);
  return hasMobileVariant ? 'mobile' : 'desktop';
}
