import { readRecord, readString } from '../../src/core/config/values.ts';
import type { PopupRecord } from '../configuration/repository.ts';
import { sanitizedFor } from '../template-sanitizing/sanitizer.ts';

/**
 * One pop-up as the widget receives it (widget §3): its configuration fields with trigger, filter and cart
 * settings as siblings, design_properties as an object, and the viewer id conversions are posted to.
 * conversion_code is left out: it is answered by the conversion call, after the visitor converts; visitor_email
 * (the e-mail sent after a lead) is the server's alone. Its templates are the sanitised ones when the server has them,
 * and `poptin_sanitized` says so: the widget then skips sanitising them (and downloading DOMPurify to do it).
 */
export function toDisplayPoptin(popup: PopupRecord): Record<string, unknown> {
  const { conversion_code: _conversionCode, visitor_email: _visitorEmail, ...config } = popup.config;
  const sanitized = sanitizedFor(popup.config, popup.sanitized_templates) ? popup.sanitized_templates : null;
  const templates = sanitized
    ? {
        poptin: sanitized.poptin,
        ...(typeof config.poptin_mobile === 'string' ? { poptin_mobile: sanitized.poptin_mobile } : {}),
        ...(config.mobile_variant && typeof config.mobile_variant === 'object'
          ? { mobile_variant: { ...readRecord(config.mobile_variant), poptin: sanitized.mobile_variant_poptin } }
          : {}),
      }
    : { poptin: readString(config.poptin) };
  return {
    ...config,
    poptin_id: popup.poptin_id,
    poptin_format: readString(config.poptin_format, 'format_1'),
    ...templates,
    poptin_sanitized: sanitized !== null,
    poptin_url: readString(config.poptin_url),
    viewer_id: popup.viewer_id,
    ab_test_parent_id: popup.ab_test_parent_id ?? '',
    design_properties: readRecord(config.design_properties),
  };
}
