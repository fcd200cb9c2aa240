import { createPortal } from 'react-dom';
import type { Language } from '../../core/i18n/strings.ts';
import type { FieldAddonsState } from './use-template-binding.ts';

/** The date pickers and phone country lists of the template's fields, drawn in the slots beside their inputs. */
export function fieldAddonPortals(
  { addons, views }: FieldAddonsState,
  language: Language,
  countryCode: string,
  rtl: boolean,
): (React.ReactPortal | null)[] {
  const DatePicker = views['date-picker'];
  const PhoneCountrySelect = views['phone-country'];
  return addons.map((addon) => {
    const view =
      addon.kind === 'date-picker'
        ? DatePicker && <DatePicker input={addon.input} language={language} bounds={addon.bounds} rtl={rtl} />
        : PhoneCountrySelect && (
            <PhoneCountrySelect input={addon.input} language={language} countryCode={countryCode} />
          );
    return view ? createPortal(view, addon.slot, addon.key) : null;
  });
}
