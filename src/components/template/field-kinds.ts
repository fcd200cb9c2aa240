// Most forms ask for an e-mail alone: the rules (src/core/forms) and the ways of every other kind of field come in a
// chunk per kind, loaded for a form that holds such a field: with its template when the pop-up is built ahead
// (template-parts.ts), else when its form is bound, ahead of the visitor's first input. A form's rules never run
// without them: its submit waits for them.

import { emailValidationMode, type FieldKind, fieldSpellingsOf } from '../../core/forms/field-kind.ts';
import type { FormValidationOptions, KindRules } from '../../core/forms/form-check.ts';
import { type ChunkLoader, chunkLoader } from '../../core/loading/when-loaded.ts';
import { guard, log } from '../../core/safety.ts';
import { type FieldControl, kindOf } from './field-dom.ts';
import type { EnhanceOptions, FieldAddon } from './field-enhance.ts';
import type { FieldKindModule, KindBinding } from './field-kind-module.ts';

const LOADERS = {
  name: chunkLoader(() => import('./field-kind-name.ts').then((module) => module.nameKind)),
  phone: chunkLoader(() => import('./field-kind-phone.ts').then((module) => module.phoneKind)),
  dates: chunkLoader(() => import('./field-kind-dates.ts').then((module) => module.datesKind)),
  number: chunkLoader(() => import('./field-kind-number.ts').then((module) => module.numberKind)),
  choices: chunkLoader(() => import('./field-kind-choices.ts').then((module) => module.choicesKind)),
  'business-email': chunkLoader(() =>
    import('./field-kind-business-email.ts').then((module) => module.businessEmailKind),
  ),
} satisfies Record<string, ChunkLoader<FieldKindModule>>;

type KindGroup = keyof typeof LOADERS;

const GROUPS: ReadonlyArray<[KindGroup, FieldKind[]]> = [
  ['name', ['name', 'first-name', 'last-name']],
  ['phone', ['phone']],
  ['dates', ['date', 'birthday']],
  ['number', ['number']],
  ['choices', ['checkbox', 'radio', 'consent']],
];

const BUSINESS_MODES = ['business-email', 'typos-business'];

function groupOf(control: FieldControl): KindGroup | undefined {
  const kind = kindOf(control);
  if (kind === 'email')
    return BUSINESS_MODES.includes(emailValidationMode(control.getAttribute('data-validation')))
      ? 'business-email'
      : undefined;
  return GROUPS.find(([, kinds]) => kinds.includes(kind))?.[0];
}

const loadersOf = (groups: Iterable<KindGroup | undefined>) =>
  [...new Set(groups)].flatMap((group) => (group ? [LOADERS[group]] : []));

const rulesOf = (modules: readonly FieldKindModule[]): KindRules =>
  Object.assign({}, ...modules.map((module) => module.rules));

/** The module of a field's kind, once it has arrived. */
export function kindModuleOf(control: FieldControl): FieldKindModule | undefined {
  const group = groupOf(control);
  return group && LOADERS[group].loaded;
}

/** The modules of these fields' kinds that have arrived, and whether they are all there. */
export function loadedKindModules(controls: readonly FieldControl[]): { modules: FieldKindModule[]; all: boolean } {
  const loaders = loadersOf(controls.map(groupOf));
  const modules = loaders.flatMap((load) => (load.loaded ? [load.loaded] : []));
  return { modules, all: modules.length === loaders.length };
}

/** The rules of these fields' kinds, once their modules have all arrived. */
export function loadedKindRules(controls: readonly FieldControl[]): KindRules | undefined {
  const { modules, all } = loadedKindModules(controls);
  return all ? rulesOf(modules) : undefined;
}

/**
 * Loads the modules of these fields' kinds (again, one that failed before) and resolves with those that came. The
 * browser keeps a failed chunk failed for the page, so a kind whose module cannot be had is only asked to be filled
 * when required, as a business e-mail without its free-mail list takes every domain: the lead is not lost over it.
 */
function arrivedModules(controls: readonly FieldControl[]): Promise<FieldKindModule[]> {
  return Promise.all(
    loadersOf(controls.map(groupOf)).map((load) =>
      load().catch((error: unknown) => log.warn('a kind of field of the form is only asked to be filled', error)),
    ),
  ).then((modules) => modules.filter((module) => module !== undefined));
}

/** The rules of these fields' kinds, once their modules have arrived or failed to (arrivedModules). */
export function loadKindModules(controls: readonly FieldControl[]): Promise<KindRules> {
  return arrivedModules(controls).then(rulesOf);
}

/** A field of these kinds in HTML: by its name (with a running index) or its type, as field-kind.ts reads it. */
export function fieldInHtml(kinds: readonly FieldKind[]): RegExp {
  const { names, types } = fieldSpellingsOf(kinds);
  const spellings = [
    ...(names.length ? [String.raw`\bname\s*=\s*["']?\s*(?:${names.join('|')})\d*\b`] : []),
    ...(types.length ? [String.raw`\btype\s*=\s*["']?(?:${types.join('|')})\b`] : []),
  ];
  return new RegExp(spellings.join('|'), 'i');
}

const IN_HTML: ReadonlyArray<[KindGroup, RegExp]> = [
  ...GROUPS.map(([group, kinds]): [KindGroup, RegExp] => [group, fieldInHtml(kinds)]),
  ['business-email', /\bdata-validation\s*=\s*["']?\s*(?:business-email|typos-business)\b/i],
];

/** Loads the modules of the kinds of field a template, as HTML, holds; a near miss only loads a chunk early. */
export function loadFieldKindsIn(template: string): Promise<unknown> {
  return Promise.all(
    loadersOf(IN_HTML.filter(([, pattern]) => pattern.test(template)).map(([group]) => group)).map((load) =>
      load().catch(() => undefined),
    ),
  );
}

/** The modules of the kinds of a pop-up's fields, for its form binding (form-binding.ts). */
export interface FormKinds {
  /** The rules and what they read, when a submit of these fields need not wait. */
  readyNow(controls: readonly FieldControl[]): { rules: KindRules; options: FormValidationOptions } | null;
  /** Waits for the modules of these fields' kinds (arrivedModules) and what they wait for. */
  ready(controls: readonly FieldControl[]): Promise<{ rules: KindRules; options: FormValidationOptions }>;
  stop(): void;
}

/**
 * Has the modules of these fields' kinds prepare them and bind to the pop-up: at once those that have arrived, the
 * others as they arrive (loaded now). `onAddons` hears every add-on found so far, at once and at each arrival.
 */
export function bindFieldKinds(
  controls: readonly FieldControl[],
  options: EnhanceOptions & { apiBase: string },
  onAddons: (addons: FieldAddon[]) => void,
): FormKinds {
  let stopped = false;
  let addons: FieldAddon[] = [];
  const bindings = new Map<FieldKindModule, KindBinding>();
  /** A module that has arrived prepares its fields and binds, once; true when it did now. */
  const take = (module: FieldKindModule) => {
    if (stopped || bindings.has(module)) return false;
    bindings.set(module, module.bind?.(options.apiBase) ?? {});
    const own = controls.filter((control) => kindModuleOf(control) === module);
    addons = [...addons, ...(module.enhance?.(own, options) ?? [])];
    return true;
  };
  const takeLate = (modules: FieldKindModule[]) => {
    if (modules.map(take).some(Boolean)) onAddons(addons);
  };
  const loaders = loadersOf(controls.map(groupOf));
  loaders.forEach((load) => load.loaded && take(load.loaded));
  onAddons(addons);
  for (const load of loaders.filter((load) => !load.loaded))
    load().then(
      (module) => guard('a kind of field of the form', () => takeLate([module])),
      (error: unknown) => log.error('a kind of field of the form could not be loaded', error),
    );

  const rulesAndOptions = (modules: FieldKindModule[]) => ({
    rules: rulesOf(modules),
    options: Object.assign({}, ...modules.map((module) => bindings.get(module)?.options?.())) as FormValidationOptions,
  });
  const waitFor = (module: FieldKindModule, controls: readonly FieldControl[]) =>
    bindings.get(module)?.wait?.(controls) ?? null;
  return {
    readyNow(controls) {
      const { modules, all } = loadedKindModules(controls);
      if (!all || modules.some((module) => !bindings.has(module) || waitFor(module, controls))) return null;
      return rulesAndOptions(modules);
    },
    async ready(controls) {
      const modules = await arrivedModules(controls);
      // A module whose first load failed prepares its fields now.
      takeLate(modules);
      await Promise.all(modules.map((module) => waitFor(module, controls)));
      return rulesAndOptions(modules);
    },
    stop() {
      stopped = true;
      bindings.forEach((binding) => binding.stop?.());
    },
  };
}
