// The templates' slice of the owner API's wire contract: pure, so that the console imports it (server/owner/templates.ts
// reads the files).
import type { Language } from './contract.ts';

/** What a template is for, in the order an owner's aims run; the console's gallery groups by it in this order. */
export const TEMPLATE_GOALS = [
  'grow-list',
  'first-order-discount',
  'exit-offer',
  'cart-recovery',
  'announce',
  'lead-magnet',
  'feedback',
  'countdown-sale',
  'spin-to-win',
  'scratch-to-win',
  'gift-box',
  'chat',
] as const;
export type TemplateGoal = (typeof TEMPLATE_GOALS)[number];

/** The design tokens every screen root of a template declares in its style attribute. */
export const TEMPLATE_TOKENS = [
  '--poptin-accent',
  '--poptin-accent-text',
  '--poptin-bg',
  '--poptin-text',
  '--poptin-muted',
  '--poptin-font',
  '--poptin-radius',
] as const;
export type TemplateTokens = Record<(typeof TEMPLATE_TOKENS)[number], string>;

/** A template as `GET /api/owner/templates` lists it. */
export interface TemplateSummary {
  id: string;
  name: Partial<Record<Language, string>>;
  kind: string;
  game?: string;
  goal: TemplateGoal;
  description: Partial<Record<Language, string>>;
  /** The default token values, by language (the font differs). */
  tokens: Partial<Record<Language, TemplateTokens>>;
  /** The picture in English, else the other language; absent when the build made none. */
  thumbnail?: string;
  thumbnails: Partial<Record<Language, string>>;
}
