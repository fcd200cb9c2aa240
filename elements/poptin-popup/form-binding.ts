import type { CollectedField } from '../../src/core/popup/template.ts';

export interface FieldProblem {
  name: string;
  message: string;
}

const EMAIL_SHAPE = /^[^\s@<>()]+@[^\s@<>()]+\.[^\s@<>()]{2,}$/;

/** The checks every template form gets: required fields filled, and at least one field filled. */
export function basicProblems(fields: CollectedField[]): { problems: FieldProblem[]; nothingFilled: boolean } {
  const problems: FieldProblem[] = [];
  const filled = fields.filter((field) => (field.checked === undefined ? field.value.trim() !== '' : field.checked));
  for (const field of fields) {
    const empty = field.checked === undefined ? field.value.trim() === '' : !field.checked;
    if (field.required && empty) problems.push({ name: field.name, message: 'This field is required' });
    else if (field.type === 'email' && !empty && !EMAIL_SHAPE.test(field.value.trim())) problems.push({ name: field.name, message: 'There are typos in the email' });
  }
  return { problems, nothingFilled: filled.length === 0 };
}
