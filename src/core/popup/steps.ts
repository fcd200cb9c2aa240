// A pop-up in steps (design §2, "Steps"): sections of the template marked `data-poptin-step="name"`, one shown at a
// time, and buttons marked `data-poptin-step-go` saying where each leads. Pure: the binding is in
// src/components/template/steps.ts, a chunk loaded only by templates that have steps.

import { POPTIN_ID } from '../poptin-id.ts';

export const STEP_ATTRIBUTE = 'data-poptin-step';
export const STEP_GO_ATTRIBUTE = 'data-poptin-step-go';

/** The hidden field a choice button's answer is written to carries this `data-created-as` (its field record's created_as). */
export const CHOICE_CREATED_AS = 'step-choice';

export type StepTarget =
  | { kind: 'step'; name: string }
  | { kind: 'back' }
  | { kind: 'close' }
  | { kind: 'redirect'; url: string }
  | { kind: 'popup'; id: string };

/**
 * Where a `data-poptin-step-go` value leads: `back`, `close`, `redirect:URL`, `popup:ID`, else the step of that
 * name. Null for an empty value or a pop-up id that is not one.
 */
export function readStepTarget(value: string | null | undefined): StepTarget | null {
  const text = (value ?? '').trim();
  if (text === '') return null;
  if (text === 'back') return { kind: 'back' };
  if (text === 'close') return { kind: 'close' };
  if (text.startsWith('redirect:')) {
    const url = text.slice('redirect:'.length).trim();
    return url ? { kind: 'redirect', url } : null;
  }
  if (text.startsWith('popup:')) {
    const id = text.slice('popup:'.length).trim();
    return POPTIN_ID.test(id) ? { kind: 'popup', id } : null;
  }
  return { kind: 'step', name: text };
}

/** The steps a visitor went through, so that Back returns the way they came. */
export class StepPath {
  private readonly visited: string[];

  constructor(first: string) {
    this.visited = [first];
  }

  get current(): string {
    return this.visited[this.visited.length - 1]!;
  }

  /** The steps before the current one, first to last. */
  get before(): readonly string[] {
    return this.visited.slice(0, -1);
  }

  /** Going to a step already on the path goes back to it (a loop does not grow the path). */
  go(name: string): void {
    const at = this.visited.indexOf(name);
    if (at >= 0) this.visited.length = at + 1;
    else this.visited.push(name);
  }

  /** The step Back leads to, now current; null on the first step. */
  back(): string | null {
    if (this.visited.length < 2) return null;
    this.visited.pop();
    return this.current;
  }
}
