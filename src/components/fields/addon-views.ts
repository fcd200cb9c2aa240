// The date picker and the phone country list each come in a chunk of their own, loaded only by a form that has
// such a field: most forms ask for an e-mail alone, and every pop-up would otherwise download both.

import { chunkLoader } from '../../core/loading/when-loaded.ts';
import { log } from '../../core/safety.ts';
import type { FieldAddon } from '../template/field-enhance.ts';
import type { DatePicker } from './date-picker.tsx';
import type { PhoneCountrySelect } from './phone-country-select.tsx';

export interface FieldAddonViews {
  'date-picker'?: typeof DatePicker;
  'phone-country'?: typeof PhoneCountrySelect;
}

export type AddonKind = FieldAddon['kind'];

const LOADERS = {
  'date-picker': chunkLoader(() => import('./date-picker.tsx').then((module) => module.DatePicker)),
  'phone-country': chunkLoader(() => import('./phone-country-select.tsx').then((module) => module.PhoneCountrySelect)),
};

/** The views loaded so far, at once: a form whose views are all loaded renders them in its first commit. */
export function loadedFieldAddonViews(): FieldAddonViews {
  return { 'date-picker': LOADERS['date-picker'].loaded, 'phone-country': LOADERS['phone-country'].loaded };
}

/** Loads the views of these kinds and resolves with every view loaded by then; one that fails is tried again by the next form. */
export async function loadFieldAddonViews(kinds: Iterable<AddonKind>): Promise<FieldAddonViews> {
  await Promise.all(
    [...new Set(kinds)].map((kind) =>
      LOADERS[kind]().catch((error: unknown) => log.error(`the ${kind} of a form could not be loaded`, error)),
    ),
  );
  return loadedFieldAddonViews();
}
