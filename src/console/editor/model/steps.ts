/**
 * A template's steps (design §2, "Steps"; the widget's src/components/template/steps.ts): a Yes/No question put
 * before the form screen, and the form's fields split into an e-mail step and a details step. Each change is one
 * edit of the template's HTML, undone as one.
 */
import { parse, serialize } from './dom.ts';

const STEP = 'data-poptin-step';
const GO = 'data-poptin-step-go';
const CONTROL = 'input[name], select[name], textarea[name]';

export interface QuestionWords {
  question: string;
  yes: string;
  no: string;
}

export interface StepWords {
  next: string;
  back: string;
}

/** The names of the template's steps, in order. */
export function readSteps(html: string): string[] {
  return Array.from(parse(html).querySelectorAll(`[${STEP}]`)).map((step) => step.getAttribute(STEP) ?? '');
}

/** The form screen's root: `[data-poptin-screen="form"]`, else the template itself when it has one screen. */
function formScreen(fragment: DocumentFragment): ParentNode {
  return fragment.querySelector('[data-poptin-screen="form"]') ?? fragment;
}

/** A button that looks like the form's own (its submit button's class and style). */
function buttonLike(model: Element | null, text: string, go: string): HTMLButtonElement {
  const button = document.createElement('button');
  for (const name of ['class', 'style'])
    if (model?.hasAttribute(name)) button.setAttribute(name, model.getAttribute(name)!);
  button.type = 'button';
  button.setAttribute(GO, go);
  button.textContent = text;
  return button;
}

function section(name: string): HTMLElement {
  const element = document.createElement('section');
  element.setAttribute(STEP, name);
  element.className = 'poptin-step';
  return element;
}

export const hasQuestion = (html: string): boolean => readQuestion(html) !== null;

/**
 * Puts a Yes/No question before what the form screen shows: Yes leads to it, No closes the pop-up. The answer is a
 * field of the lead, named by the question. Nothing changes when the template has a question already.
 */
export function addQuestionStep(html: string, words: QuestionWords): string {
  if (hasQuestion(html)) return html;
  const fragment = parse(html);
  const screen = formScreen(fragment);
  const submit = fragment.querySelector('[type=submit]');
  const offer = section('offer');
  const nodes = Array.from(screen.childNodes);
  // A close button the screen begins with (the × in its corner) stays on every step.
  const first = nodes.find((node) => node instanceof Element || node.textContent?.trim());
  const corner = first instanceof Element && first.hasAttribute('data-poptin-close') ? first : null;
  const kept = nodes.filter(
    (node) => node !== corner && !(node instanceof Element && node.hasAttribute('data-poptin-screen')),
  );
  offer.append(...kept);
  const question = section('question');
  const heading = document.createElement('h2');
  heading.setAttribute('data-poptin-step-question', '');
  // The question looks like the template's own headline.
  const headline = offer.querySelector('[data-poptin-part="headline"]');
  if (headline?.hasAttribute('style')) heading.setAttribute('style', headline.getAttribute('style')!);
  heading.textContent = words.question;
  const choices = document.createElement('div');
  choices.className = 'poptin-step-choices';
  choices.setAttribute('style', 'display:grid;gap:8px');
  const yes = buttonLike(submit, words.yes, 'offer');
  const no = buttonLike(submit, words.no, 'close');
  // The form's button outlined, so that Yes stays the one that stands out.
  if (no.hasAttribute('style'))
    no.setAttribute(
      'style',
      (no.getAttribute('style') ?? '')
        .replace(/(^|;)color:[^;]*/, '$1color:var(--poptin-accent)')
        .replace(/(^|;)background:[^;]*/, '$1background:transparent')
        .replace(/(^|;)border:[^;]*/, '$1border:2px solid var(--poptin-accent)'),
    );
  for (const [button, value] of [
    [yes, 'Yes'],
    [no, 'No'],
  ] as const) {
    button.setAttribute('name', words.question);
    button.setAttribute('value', value);
    button.setAttribute('data-poptin-step-answer', '');
  }
  choices.append(yes, no);
  question.append(heading, choices);
  screen.prepend(...(corner ? [corner] : []), question, offer);
  return serialize(fragment);
}

/** The question step's words, or null when the template has none. */
export function readQuestion(html: string): QuestionWords | null {
  const step = parse(html).querySelector(`[${STEP}="question"]`);
  const heading = step?.querySelector('[data-poptin-step-question]');
  if (!step || !heading) return null;
  const [yes, no] = Array.from(step.querySelectorAll('[data-poptin-step-answer]'));
  return { question: heading.textContent ?? '', yes: yes?.textContent ?? '', no: no?.textContent ?? '' };
}

/** Changes the question step's words; the answer's field is named by the question. */
export function setQuestion(html: string, change: Partial<QuestionWords>): string {
  const fragment = parse(html);
  const step = fragment.querySelector(`[${STEP}="question"]`);
  const heading = step?.querySelector('[data-poptin-step-question]');
  if (!step || !heading) return html;
  const answers = Array.from(step.querySelectorAll('[data-poptin-step-answer]'));
  if (change.question !== undefined) {
    heading.textContent = change.question;
    for (const answer of answers) answer.setAttribute('name', change.question);
  }
  if (change.yes !== undefined && answers[0]) answers[0].textContent = change.yes;
  if (change.no !== undefined && answers[1]) answers[1].textContent = change.no;
  return serialize(fragment);
}

/** Takes the question step out: what it led to shows first again. */
export function removeQuestionStep(html: string): string {
  const fragment = parse(html);
  const question = fragment.querySelector(`[${STEP}="question"]`);
  const offer = fragment.querySelector(`[${STEP}="offer"]`);
  if (!question || !offer) return html;
  question.remove();
  offer.replaceWith(...Array.from(offer.childNodes));
  return serialize(fragment);
}

function fieldsBox(fragment: DocumentFragment): HTMLElement | null {
  return (
    Array.from(fragment.querySelectorAll<HTMLElement>('[data-poptin-part="fields"]')).find(
      (element) => element.closest('[data-poptin-screen]')?.getAttribute('data-poptin-screen') !== 'thank-you',
    ) ?? null
  );
}

const BACK_STYLE =
  'align-self:flex-start;box-sizing:border-box;min-height:44px;margin:-10px -8px;padding:4px 8px;font-family:inherit;' +
  'font-size:14px;line-height:20px;font-weight:600;color:var(--poptin-accent);background:transparent;border:0;' +
  'border-radius:var(--poptin-radius);cursor:pointer';

export const isSplit = (html: string): boolean => parse(html).querySelector(`[${STEP}="email"]`) !== null;

/** The rows of the fields box: its children that hold a control, with a label[for] before one. */
function rowsOf(box: HTMLElement): Element[] {
  return Array.from(box.children).filter((child) => child.matches(CONTROL) || child.querySelector(CONTROL) !== null);
}

/**
 * Splits the form over two steps: the e-mail field first, with a Next button, then the other fields, with Back
 * and the form's own submit button. The HTML is unchanged when the form has no e-mail field or no other one.
 */
export function splitForm(html: string, words: StepWords): string {
  if (isSplit(html)) return html;
  const fragment = parse(html);
  const box = fieldsBox(fragment);
  if (!box) return html;
  const rows = rowsOf(box);
  const isEmail = (row: Element) => {
    const control = row.matches(CONTROL) ? row : row.querySelector(CONTROL);
    return control?.getAttribute('type') === 'email' || /^e-?mail\d*$/i.test(control?.getAttribute('name') ?? '');
  };
  const emailRow = rows.find(isEmail);
  if (!emailRow || rows.length < 2) return html;
  const first = section('email');
  const second = section('details');
  // Each step lays its rows out as the box did (a column with its gap): Next a gap below the e-mail field.
  const layout = box.getAttribute('style');
  if (layout) for (const step of [first, second]) step.setAttribute('style', layout);
  const emailNodes = [emailRow];
  const label = emailRow.previousElementSibling;
  if (label?.tagName === 'LABEL' && !label.querySelector(CONTROL)) emailNodes.unshift(label);
  // Everything else in the box, labels and rows, in order, goes to the second step.
  const rest = Array.from(box.childNodes).filter((node) => !emailNodes.includes(node as Element));
  first.append(...emailNodes, buttonLike(fragment.querySelector('[type=submit]'), words.next, 'details'));
  // Back is a quiet link at the step's start, its text in line with the fields, not a second button to weigh.
  const back = buttonLike(null, words.back, 'back');
  back.setAttribute('style', BACK_STYLE);
  second.append(back, ...rest);
  box.replaceChildren(first, second);
  return serialize(fragment);
}

/** Puts the fields back in one step. */
export function joinForm(html: string): string {
  const fragment = parse(html);
  const first = fragment.querySelector(`[${STEP}="email"]`);
  const second = fragment.querySelector(`[${STEP}="details"]`);
  if (!first || !second) return html;
  for (const step of [first, second]) {
    step.querySelectorAll(`[${GO}="details"], [${GO}="back"]`).forEach((button) => button.remove());
    step.replaceWith(...Array.from(step.childNodes));
  }
  return serialize(fragment);
}
