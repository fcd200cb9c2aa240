export { LANGUAGES, STRINGS, translate, type Language, type MessageKey, type MessageParams } from './strings.ts';
export { direction, isHebrewTag, resolveLanguage, type TextDirection } from './language.ts';
