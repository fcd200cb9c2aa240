// Without words (text-length.ts says the message): a field's kind and a lead's body read the limit without the
// language's chunk (rollup.config.mjs).
/** Widget §9: email, name, first and last name inputs take at most 254 characters. */
export const INPUT_MAX_LENGTH = 254;

export function exceedsInputMaxLength(value: string): boolean {
  return value.length > INPUT_MAX_LENGTH;
}
