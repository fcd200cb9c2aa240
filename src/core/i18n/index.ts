export { direction, isHebrewTag, resolveLanguage, type TextDirection } from './language.ts';
export { LANGUAGES, type Language, type MessageKey, type MessageParams, STRINGS, translate } from './strings.ts';
